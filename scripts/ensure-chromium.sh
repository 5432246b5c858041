#!/bin/sh
# Make sure Debian's Chromium, its headless shell and a Japanese font are installed for the Playwright
# e2e tests. Playwright's own browser download is never used (see STACK.md): the tests launch
# /usr/bin/chromium-headless-shell (decision 0256); the benchmarks and screenshots of the eKYC
# simulator launch /usr/bin/chromium.
# Without a Japanese font, screenshots show boxes instead of text.
set -eu

CHROMIUM=/usr/bin/chromium
SHELL_BIN=/usr/bin/chromium-headless-shell
PACKAGES="chromium chromium-headless-shell fonts-ipafont-gothic"

has_chromium() { [ -x "$CHROMIUM" ] && [ -x "$SHELL_BIN" ]; }
has_japanese_font() { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=ja 2>/dev/null)" ]; }

if has_chromium && has_japanese_font; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $CHROMIUM, $SHELL_BIN or a Japanese font is missing, and apt-get is not available." >&2
  echo "Install Chromium at $CHROMIUM, its headless shell at $SHELL_BIN and a Japanese font (e.g. IPAGothic) with your system's package manager." >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO="sudo -n"
else
  echo "ensure-chromium: $CHROMIUM, $SHELL_BIN or a Japanese font is missing. Run:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y $PACKAGES" >&2
  exit 1
fi

echo "ensure-chromium: installing $PACKAGES with apt-get" >&2
# shellcheck disable=SC2086 # $SUDO and $PACKAGES are intentionally split into words
$SUDO apt-get update
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y $PACKAGES

if has_chromium && has_japanese_font; then
  exit 0
fi
echo "ensure-chromium: installation finished but $CHROMIUM, $SHELL_BIN or a Japanese font is still missing." >&2
exit 1
