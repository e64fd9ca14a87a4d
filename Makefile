# Crash Assistant — the two everyday commands:
#   make run    builds and starts crash-assistant (pass arguments with ARGS="...")
#   make test   installs missing system packages, builds, and runs every test
#   make bench  runs the benchmarks (a separate package in Benchmarks/, release build)

SWIFT ?= swift
ARGS ?=

# KIND:NAME:PACKAGE — see scripts/ensure-system-packages.sh
SYSTEM_PACKAGES := cmd:pkg-config:pkg-config \
	pc:cairo:libcairo2-dev \
	file:/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:fonts-dejavu-core \
	cmd:qpdf:qpdf cmd:pdftotext:poppler-utils \
	cmd:tmux:tmux \
	pc:sqlite3:libsqlite3-dev

.PHONY: all deps build run test bench clean

all: build

deps:
	@scripts/ensure-system-packages.sh $(SYSTEM_PACKAGES)

build: deps
	$(SWIFT) build

run: deps
	@$(SWIFT) build --product crash-assistant
	@"$$($(SWIFT) build --show-bin-path)/crash-assistant" $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	@command -v img2pdf >/dev/null 2>&1 || python3 -m pip install --quiet img2pdf
	@python3 -c "import PIL" 2>/dev/null || python3 -m pip install --quiet Pillow
	cd Benchmarks && $(SWIFT) package benchmark

clean:
	$(SWIFT) package clean
