// Test support: HTTP server.
