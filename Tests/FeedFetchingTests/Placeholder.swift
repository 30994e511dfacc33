// Replaced by the target's tests.
