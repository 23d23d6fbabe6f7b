#!/usr/bin/env bash
# Refreshes the README's picture of the playground (docs/playground.png) from the current web build:
# builds the web preset, then web/tests/screenshot.mjs opens the print() example in compile mode in
# headless Chromium and saves the canvas. Run after a change that alters what the playground looks like.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export NODE_PATH=/usr/share/nodejs
cmake --preset web > /dev/null
cmake --build --preset web -j "$(nproc)"
node web/tests/screenshot.mjs --dir build/web --out docs/playground.png
