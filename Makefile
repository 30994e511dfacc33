# Tidings — build, install and test.
#
#   make install    system packages, release build, binaries + user unit + docs installed, daemon started
#   make test       system packages, then every test (unit and integration)
#   make uninstall  removes binaries and unit; keeps your config and data

SWIFT      ?= swift
PREFIX     ?= $(HOME)/.local
BINDIR     ?= $(PREFIX)/bin
XDG_CONFIG ?= $(or $(XDG_CONFIG_HOME),$(HOME)/.config)
XDG_STATE  ?= $(or $(XDG_STATE_HOME),$(HOME)/.local/state)
DATADIR    ?= $(PREFIX)/share
MANDIR     ?= $(DATADIR)/man/man1
DOCDIR     ?= $(DATADIR)/doc/tidings
CONFIG_DIR  = $(XDG_CONFIG)/tidings
UNIT_DIR    = $(XDG_CONFIG)/systemd/user
LOG_FILE    = $(XDG_STATE)/tidings/tidingsd.log

# Debian packages: C libraries behind the CCurl, CLibXML2, CImage and GRDB (SQLite) modules.
APT_PACKAGES = libcurl4-openssl-dev libxml2-dev libsqlite3-dev libzstd-dev libncurses-dev pkg-config \
	libpng-dev libjpeg-dev libwebp-dev libgif-dev libchafa-dev libglib2.0-dev
# What only the tests need: systemd-analyze (the unit files are verified), sqlite3 (the
# crash and shutdown tests check the database with PRAGMA integrity_check), jq (an example
# of docs/cli.md that the tests run uses it), faketime (a daemon run with its clock ahead),
# tmux (the reader is driven in a real terminal), and nginx and openssl (HTTPSTests serve feeds
# over https and HTTP/2 from a real nginx on its own ports, with certificates of a test CA that
# openssl makes; the nginx.service the package may start is not used), and xvfb, xterm, xdotool,
# x11-apps and imagemagick (pictures drawn by xterm with sixels under Xvfb, and a screenshot), and
# kitty with Mesa's software OpenGL (the kitty graphics protocol in a real terminal there too).
TEST_PACKAGES = systemd sqlite3 jq faketime tmux nginx openssl xvfb xterm xdotool x11-apps imagemagick \
	kitty libgl1-mesa-dri
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_FLAGS = -c release --static-swift-stdlib

# The socket `tidings` and `tidingsd run` use without options (SocketLocation in FeedIPC): its
# daemon is the one `make install` restarts and `make uninstall` stops when no systemd user
# session runs it. Daemons on other sockets (tests, benchmarks, a second store) are left alone.
DEFAULT_SOCKET = $(or $(TIDINGS_SOCKET),$(if $(XDG_RUNTIME_DIR),$(XDG_RUNTIME_DIR)/tidings/tidingsd.sock,/tmp/tidings-$(shell id -u)/tidingsd.sock))
# Where the daemon listens instead when another user took the guessable directory first.
FALLBACK_SOCKET = $(XDG_STATE)/tidings/run/tidingsd.sock
# Ends the user's tidingsd that holds DEFAULT_SOCKET's (or FALLBACK_SOCKET's) lock file (the daemon keeps it open while
# it serves the socket) and waits up to 10 s for it to go.
STOP_DEFAULT_DAEMON = for pid in $$(pgrep -u "$$(id -u)" -x tidingsd); do \
	  if ls -l /proc/$$pid/fd 2>/dev/null | grep -qF -e "-> $(DEFAULT_SOCKET).lock" -e "-> $(FALLBACK_SOCKET).lock"; then \
	    kill $$pid 2>/dev/null; \
	    for i in $$(seq 50); do kill -0 $$pid 2>/dev/null || break; sleep 0.2; done; \
	  fi; \
	done

# The documents, laid out as in the source tree so that their links between each other work.
DOCS = README.md docs/cli.md docs/json.md docs/protocol.md docs/ARCHITECTURE.md docs/DECISIONS.md docs/schema.sql docs/parse-contract.md docs/extraction.md docs/views.md Config/config.yaml

.PHONY: all deps build install install-docs uninstall test clean check-swift python-clients

all: build

check-swift:
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 is needed: install it from https://swift.org/install (swift not on PATH)"; exit 1; }

deps:
	@missing=""; for p in $(APT_PACKAGES) $(EXTRA_PACKAGES); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# The two products only: a plain `swift build` would also build every product of the
# dependencies (GRDB's dynamic library, swift-argument-parser's plugin tools), which do not
# link with --static-swift-stdlib.
build: check-swift deps
	$(SWIFT) build $(RELEASE_FLAGS) --product tidingsd
	$(SWIFT) build $(RELEASE_FLAGS) --product tidings

install: build install-docs
	install -d -m 0755 $(BINDIR)
	install -s -m 0755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tidingsd" $(BINDIR)/tidingsd
	install -s -m 0755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tidings" $(BINDIR)/tidings
	@# Shell completions and man pages, generated from the argument parser of the installed binaries.
	install -d -m 0755 $(DATADIR)/bash-completion/completions $(DATADIR)/zsh/site-functions \
	  $(DATADIR)/fish/vendor_completions.d $(MANDIR)
	$(BINDIR)/tidings --generate-completion-script bash > $(DATADIR)/bash-completion/completions/tidings
	$(BINDIR)/tidings --generate-completion-script zsh > $(DATADIR)/zsh/site-functions/_tidings
	$(BINDIR)/tidings --generate-completion-script fish > $(DATADIR)/fish/vendor_completions.d/tidings.fish
	for tool in tidings tidingsd; do \
	  $(BINDIR)/$$tool --experimental-dump-help | DOCDIR="$(DOCDIR)" $(SWIFT) docs/man/generate-manual.swift > $(MANDIR)/$$tool.1 || exit 1; \
	done
	install -d -m 0700 $(CONFIG_DIR)
	@if [ -e $(CONFIG_DIR)/config.yaml ]; then echo "Keeping your $(CONFIG_DIR)/config.yaml"; \
	  else install -m 0600 Config/config.yaml $(CONFIG_DIR)/config.yaml && echo "Installed default config to $(CONFIG_DIR)/config.yaml"; fi
	install -d -m 0755 $(UNIT_DIR)
	sed 's|%h/.local/bin|$(BINDIR)|' systemd/tidingsd.service > $(UNIT_DIR)/tidingsd.service
	install -m 0644 systemd/tidingsd.socket $(UNIT_DIR)/tidingsd.socket
	@if systemctl --user show-environment >/dev/null 2>&1; then \
	  systemctl --user daemon-reload && systemctl --user enable tidingsd.service && systemctl --user restart tidingsd.service && \
	  echo "tidingsd runs as the systemd user service tidingsd.service (systemctl --user status tidingsd)"; \
	else \
	  $(STOP_DEFAULT_DAEMON); \
	  install -d -m 0700 $(dir $(LOG_FILE)); \
	  nohup $(BINDIR)/tidingsd run >>$(LOG_FILE) 2>&1 </dev/null & \
	  sleep 1; \
	  echo "No systemd user session here: started tidingsd in the background (log: $(LOG_FILE))."; \
	  echo "Start it again after a reboot with: $(BINDIR)/tidingsd run &"; \
	fi
	@case ":$$PATH:" in *":$(BINDIR):"*) ;; *) echo "Note: add $(BINDIR) to your PATH to run 'tidings'.";; esac
	@echo "Completions: bash and fish load them by themselves; for zsh add 'fpath+=($(DATADIR)/zsh/site-functions)' before compinit. 'man tidings' shows the manual, $(DOCDIR) the documentation."

# The documents the man pages and README name: README, the user guide (docs/cli.md), the JSON
# and protocol references with their schemas, the design notes and the commented config.
install-docs:
	install -d -m 0755 $(DOCDIR)/docs/schema $(DOCDIR)/Config
	for doc in $(DOCS); do install -m 0644 $$doc $(DOCDIR)/$$doc || exit 1; done
	install -m 0644 docs/schema/*.json $(DOCDIR)/docs/schema/

uninstall:
	-@if systemctl --user show-environment >/dev/null 2>&1; then systemctl --user disable --now tidingsd.service 2>/dev/null; fi
	-@$(STOP_DEFAULT_DAEMON); true
	rm -f $(BINDIR)/tidingsd $(BINDIR)/tidings $(UNIT_DIR)/tidingsd.service $(UNIT_DIR)/tidingsd.socket
	rm -f $(DATADIR)/bash-completion/completions/tidings $(DATADIR)/zsh/site-functions/_tidings \
	  $(DATADIR)/fish/vendor_completions.d/tidings.fish $(MANDIR)/tidings.1 $(MANDIR)/tidingsd.1
	rm -rf "$(DOCDIR)"
	-@systemctl --user daemon-reload 2>/dev/null; true
	@echo "Removed Tidings. Your config ($(CONFIG_DIR)) and data ($${XDG_DATA_HOME:-$$HOME/.local/share}/tidings) are kept."

# The suite takes about four minutes on two cores; the time-out turns a hung run (a test process
# that died while daemons it started keep its output pipe open) into a failure instead of a stall.
# At most 12 tests run at once (Swift Testing's SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH):
# with all of them at once, the integration tests' daemons, terminals and servers starved one
# another past their time limits on two cores, for the same wall time.
# The output is also kept in .build/test.log, and a failed run ends by repeating its failed tests
# and the issues they recorded (exit 124: the time-out): a CI log that keeps only the tail then
# still shows what failed. Every run ends by listing the tests skipped and why: a test that needs
# root, or a tool `make test` installs, is skipped without it, never passed quietly.
TEST_PARALLEL_WIDTH ?= 12
TEST_LOG = .build/test.log
test: check-swift python-clients
	$(MAKE) deps EXTRA_PACKAGES="$(TEST_PACKAGES)"
	$(MAKE) ttrss-fixture
	$(SWIFT) build --build-tests
	@rm -f $(TEST_LOG).status
	{ SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_PARALLEL_WIDTH) timeout --kill-after=30s 15m \
	    $(SWIFT) test --skip-build 2>&1; echo $$? > $(TEST_LOG).status; } | tee $(TEST_LOG)
	@skipped=$$(grep -aE '^(➜|↷|􀙟) (Test|Suite) .* skipped' $(TEST_LOG) | sort -u); \
	  if [ -n "$$skipped" ]; then echo "== skipped, and why:"; echo "$$skipped"; else echo "== no test skipped"; fi
	@status=$$(cat $(TEST_LOG).status 2>/dev/null || echo 1); if [ "$$status" != 0 ]; then \
	  echo "== make test failed (exit $$status); its failures, from $(TEST_LOG):"; \
	  grep -aE '✘|recorded an issue|[Ff]atal error|unexpected signal' $(TEST_LOG) | tail -n 40; \
	  exit $$status; fi

# A real Tiny Tiny RSS for the sync tests (TTRSSServer): Debian's tt-rss with PostgreSQL, set
# up for 127.0.0.1 only; nothing is left running. A quick no-op once installed.
.PHONY: ttrss-fixture
ttrss-fixture:
	$(SUDO) sh Tests/IntegrationTests/Fixtures/ttrss/ttrss-fixture.sh install

# The official Python clients of miniflux and the Google Reader API, which FakeSyncServersTests
# drive against the in-repo fake servers to keep the fakes faithful. google-reader declares
# Python >= 3.12 but runs on 3.11. Installed once, under .build (so `make clean` removes them).
PYTHON_CLIENTS = .build/python-clients
python-clients:
	@[ -f $(PYTHON_CLIENTS)/miniflux.py ] && [ -f $(PYTHON_CLIENTS)/google_reader.py ] || \
	  python3 -m pip install --quiet --disable-pip-version-check --ignore-requires-python \
	    --target $(PYTHON_CLIENTS) miniflux==1.1.6 google-reader==0.0.3

# The Debian package: the release binaries (Swift's runtime linked in), user units, man pages,
# completions and documents, with Depends from dpkg-shlibdeps; lintian errors fail it. Written
# to $(DEB_DIR); installed with `sudo apt-get install ./$(DEB_DIR)/tidings_VERSION_ARCH.deb`.
DEB_DIR = .build/deb
PACKAGE_TOOLS = dpkg-dev lintian binutils
.PHONY: deb test-deb test-systemd
deb: build
	$(MAKE) deps EXTRA_PACKAGES="$(PACKAGE_TOOLS)"
	SWIFT=$(SWIFT) sh packaging/deb/build-deb.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)" $(DEB_DIR)

# The package installed into a fresh Debian chroot and used there with no network (root; a
# minimal Debian from debootstrap, kept under .build/debian for the next run). Not part of
# `make test`: the release build and the Debian root add about ten minutes.
DEBIAN_WORK = .build/debian
test-deb: deb
	$(MAKE) deps EXTRA_PACKAGES="debootstrap python3 iproute2"
	$(SUDO) sh Tests/Packaging/deb-install-test.sh "$$(ls -t $(DEB_DIR)/tidings_*.deb | head -1)" $(DEBIAN_WORK)

# The packaged user units under a real systemd: Debian with the package booted under qemu
# (software emulation; VM_ACCEL=kvm for KVM), systemd as PID 1, checked as a lingering user. Not
# part of `make test` for the same reason as test-deb (the boot itself takes under a minute).
test-systemd: deb
	$(MAKE) deps EXTRA_PACKAGES="debootstrap qemu-system-x86 e2fsprogs"
	$(SUDO) sh Tests/Packaging/systemd-vm-test.sh "$$(ls -t $(DEB_DIR)/tidings_*.deb | head -1)" $(DEBIAN_WORK)

clean:
	rm -rf .build
