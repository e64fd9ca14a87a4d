# Crash Assistant — the two everyday commands:
#   make run         builds and starts crash-assistant (pass arguments with ARGS="...")
#   make test        installs missing system packages, builds, and runs every test
#   make run-server  builds and starts crash-assistant-server (arguments with SERVER_ARGS="...")
#   make release     builds the release binaries to install: the app with the Swift runtime linked in (it starts in
#                    two thirds of the time) in .build/static/release, the server in .build/release
#   make bench  runs the benchmarks (a separate package in Benchmarks/, release build)
#   make fuzz   runs every fuzz target for FUZZ_SECONDS (default 60) each (a separate package in Fuzz/)

SWIFT ?= swift
ARGS ?=

# KIND:NAME:PACKAGE — see scripts/ensure-system-packages.sh
# The PDF's text: cairo and Pango; DejaVu Sans (Latin, Greek, Cyrillic, Arabic, Hebrew), and for what it lacks Noto
# (Noto Sans CJK for Chinese and Japanese, fonts-noto-core for scripts such as Devanagari) and Symbola for emoji (black
# and white outlines, which a PDF keeps sharp, where a colour emoji font is pictures).
SYSTEM_PACKAGES := cmd:pkg-config:pkg-config \
	pc:cairo:libcairo2-dev \
	pc:pangocairo:libpango1.0-dev \
	file:/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:fonts-dejavu-core \
	file:/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf:fonts-noto-core \
	file:/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc:fonts-noto-cjk \
	file:/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf:fonts-symbola \
	cmd:qpdf:qpdf cmd:pdftotext:poppler-utils \
	cmd:tmux:tmux \
	pc:sqlite3:libsqlite3-dev \
	pc:libqrencode:libqrencode-dev \
	file:/usr/include/phonenumbers/phonenumberutil.h:libphonenumber-dev
# Only for make bench.
BENCH_PACKAGES := cmd:hyperfine:hyperfine cmd:sqlite3:sqlite3

.PHONY: all deps test-deps build release run run-server test bench fuzz clean messages

all: build

deps:
	@scripts/ensure-system-packages.sh $(SYSTEM_PACKAGES)

build: deps
	$(SWIFT) build

# The phone-number library's shared object goes beside each program, which opens it when it first judges a number.
PHONES := --product CrashAssistantPhoneNumbers

# The app is built again only when a source, a resource or the package changed since its last build (asking SwiftPM
# costs about ten seconds even when nothing changed), so a start with nothing changed takes well under a second.
APP_BINARY := .build/debug/crash-assistant
APP_INPUTS := $(shell find Sources -type f 2>/dev/null) Package.swift Package.resolved

$(APP_BINARY): $(APP_INPUTS)
	@$(SWIFT) build --product crash-assistant
	@$(SWIFT) build $(PHONES)
	@touch $@

run: deps $(APP_BINARY)
	@"$(APP_BINARY)" $(ARGS)

# The server on 127.0.0.1:8080 with its data under $$XDG_DATA_HOME (or ~/.local/share)/crash-assistant-server.
SERVER_ARGS ?=
run-server: deps
	@$(SWIFT) build --product crash-assistant-server
	@$(SWIFT) build $(PHONES)
	@"$$($(SWIFT) build --show-bin-path)/crash-assistant-server" serve $(SERVER_ARGS)

# Seconds schemathesis spends on each of its passes (user routes, crash events), against one instance and then
# against two over one PostgreSQL and one bucket (behind nginx): four passes in all.
SCHEMATHESIS_SECONDS ?= 60

# What the server's tests start: PostgreSQL 15 (apt) and an S3 stand-in (moto, from PyPI) when missing, and nginx
# (apt), the balancer in front of two instances for schemathesis; Kannel and the Standard Webhooks library for the
# SMS and webhook tests, jsonschema for the notices checked against openapi.yaml; Chromium, its WebDriver and Selenium for the claims handlers' pages; promtool (Debian's
# prometheus package, its service never started) for the metrics' exposition and the alert rules.
test-deps: deps
	@scripts/ensure-postgres.sh
	@scripts/ensure-moto.sh
	@scripts/ensure-kannel.sh
	@scripts/ensure-webhook-verifier.sh
	@scripts/ensure-schema-validator.sh
	@scripts/ensure-pdf-verifiers.sh
	@scripts/ensure-browser.sh
	@scripts/ensure-promtool.sh
	@scripts/ensure-system-packages.sh cmd:nginx:nginx cmd:zbarimg:zbar-tools cmd:msgfmt:gettext cmd:openssl:openssl

test: test-deps
	scripts/messages.py check
	SWIFT=$(SWIFT) scripts/check-layers.py
	SWIFT=$(SWIFT) scripts/check-docs.sh
	promtool check rules deploy/prometheus/crash-assistant-alerts.yml
	cd deploy/prometheus && promtool test rules crash-assistant-alerts.test.yml
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/run-tests.sh
	$(SWIFT) build $(APP_RELEASE)
	$(SWIFT) build -c release $(PHONES) --scratch-path .build/static
	scripts/check-release-app.sh
	SWIFT=$(SWIFT) scripts/generate-wire-api.sh --check
	SWIFT=$(SWIFT) scripts/schemathesis.sh $(SCHEMATHESIS_SECONDS)
	SWIFT=$(SWIFT) scripts/schemathesis.sh --pair $(SCHEMATHESIS_SECONDS)
	$(SWIFT) build $(FUZZ_COMPILE)

# The app's static build has a scratch folder of its own: its modules are compiled for the static runtime. Three
# choices for its start (Benchmarks/README.md, "The app's responsiveness", has the measurements):
# - its symbols are not exported (the runtime's static archives ask for that): nothing looks them up at run time, and
#   a table of 40,000 of them costs the loader and the runtime's own start-up look-ups about 2 ms at every start;
# - generic types are made by calling their metadata functions, not from their mangled names: a name is checked at
#   run time against every one of the program's 10,000 conformances, which cost the start about 1 ms;
# - it is a fixed-position executable (the server stays position-independent): its 128,000 relocations and the
#   400 pages they copy cost about 1.5 ms. Its own code then loads at the same address each time (its libraries,
#   stack and heap are still placed at random); drop -no-pie to trade that time back.
APP_RELEASE := -c release --product crash-assistant --scratch-path .build/static -Xswiftc -static-stdlib \
	-Xlinker --no-export-dynamic \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xclang-linker -Xswiftc -no-pie

release: deps
	$(SWIFT) build $(APP_RELEASE)
	$(SWIFT) build -c release $(PHONES) --scratch-path .build/static
	$(SWIFT) build -c release --product crash-assistant-server
	$(SWIFT) build -c release $(PHONES)
	@echo "crash-assistant: .build/static/release/crash-assistant (with libCrashAssistantPhoneNumbers.so beside it)"
	@echo "crash-assistant-server: .build/release/crash-assistant-server (with libCrashAssistantPhoneNumbers.so beside it)"

bench: deps
	@scripts/ensure-system-packages.sh $(BENCH_PACKAGES)
	@command -v img2pdf >/dev/null 2>&1 || python3 -m pip install --quiet img2pdf
	@python3 -c "import PIL" 2>/dev/null || python3 -m pip install --quiet Pillow
	$(SWIFT) build $(APP_RELEASE)
	$(SWIFT) build -c release $(PHONES) --scratch-path .build/static
	cd Benchmarks && $(SWIFT) package benchmark
	Benchmarks/Scripts/start_with_hyperfine.sh

# libFuzzer and AddressSanitizer, in the fuzz package's own build folder (Fuzz/.build).
FUZZ_SECONDS ?= 60
FUZZ_BUILD := -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address
# What make test builds of them (no run): every target compiles and links against libFuzzer, in its own folder.
FUZZ_COMPILE := --package-path Fuzz --scratch-path Fuzz/.build/compile -Xswiftc -sanitize=fuzzer

fuzz:
	$(SWIFT) build $(FUZZ_BUILD)
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/Scripts/run-fuzzers.sh "$$($(SWIFT) build $(FUZZ_BUILD) --show-bin-path)"

# After changing a message in the sources: the template again, and every catalog merged with it (new messages empty,
# for the translators; scripts/messages.py check, run by make test, says what is missing).
messages:
	@scripts/ensure-system-packages.sh cmd:msgfmt:gettext
	scripts/messages.py update

clean:
	$(SWIFT) package clean
