#!/usr/bin/env bash
# Sets up, builds and runs Kiln on Debian 12. Idempotent: every step is skipped when already done.
#
#   ./scripts/setup.sh play   install what is missing, build native + web, serve the playground
#   ./scripts/setup.sh test   the same builds plus the ASan/UBSan build (build/sanitize), then every
#                             test: ctest in build/native runs the unit tests, the parity corpus, the
#                             CLI test, the browser tests, the desktop app's smoke test (Xvfb), the
#                             sanitized suite and the fuzzers
#   ./scripts/setup.sh sanitize   the sanitizer build (clang, ASan + UBSan) and its tests (build/sanitize)
#
# Environment:
#   KILN_CACHE   third-party sources and builds, outside git (default ~/.cache/kiln)
#   KILN_PORT    port for `play` (default 8000)
#
# The recipe (packages, Emscripten quirks, browser flags) is shared/toolchain.md's.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
KILN_CACHE="${KILN_CACHE:-$HOME/.cache/kiln}"
export KILN_CACHE="$(realpath -m "$KILN_CACHE")"
# ccache: paths under the checkout are hashed relative to it, so other clones share the cache.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$ROOT}"
# Debian's Emscripten runs its JS tools with node, which must find Debian's node modules (acorn...).
export NODE_PATH=/usr/share/nodejs
JOBS="$(nproc)"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

APT_PACKAGES=(
  build-essential cmake ninja-build pkg-config ccache python3 dpkg-dev
  catch2 nlohmann-json3-dev libfmt-dev libsdl2-dev libgl-dev
  clang libclang-rt-14-dev
  xvfb xauth libgl1-mesa-dri   # the desktop app's smoke test: a virtual X server, software OpenGL
  emscripten chromium
)

# ---- helpers ------------------------------------------------------------------------------------
STEP_START=0
step() {  # step "title": prints a header and remembers when the step started
  STEP_START=$SECONDS
  printf '\n==> %s\n' "$*"
}
step_done() { echo "    done in $((SECONDS - STEP_START)) s"; }
die() { echo "error: $*" >&2; exit 1; }

usage() {
  cat <<EOF
usage: $0 play|test|sanitize
  play       build everything, then serve the playground on http://127.0.0.1:\${KILN_PORT:-8000}/
  test       build everything, then run every test (ctest in build/native)
  sanitize   build the test suite under ASan + UBSan and run only it (build/sanitize)
EOF
}

configure() {  # configure PRESET [ARGS...]: shows Kiln's summary and any warnings (stderr), not CMake's chatter
  local out err
  out="$(mktemp)"; err="$(mktemp)"
  if ! cmake --preset "$@" >"$out" 2>"$err"; then
    cat "$out" "$err"; rm -f "$out" "$err"; die "cmake configure ($1) failed"
  fi
  cat "$err"
  rm -f "$out" "$err"
}

# ---- 1. system packages -------------------------------------------------------------------------
install_packages() {
  local missing=() pkg
  for pkg in "${APT_PACKAGES[@]}"; do
    if [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null)" != "ii " ]; then
      missing+=("$pkg")
    fi
  done
  # node + npm: Debian's nodejs/npm unless a node (e.g. NodeSource's, which bundles npm) is present.
  command -v node >/dev/null || missing+=(nodejs)
  command -v npm >/dev/null || missing+=(npm)
  if [ ${#missing[@]} -eq 0 ]; then
    echo "==> system packages: all present"
    return
  fi
  step "installing system packages: ${missing[*]}"
  [ -n "$SUDO" ] && ! command -v sudo >/dev/null && die "run as root or install sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
  step_done
}

# The native, sanitize and web builds made here compile the engine as unity batches (CMAKE_UNITY_BUILD:
# 8 files a compiler run, so the headers and templates they share are compiled once per batch, not per
# file): a third less compiler time for the engine in these once-per-machine builds (measured for -O3
# and for ASan). Files with options of their own (the web build's hot kernels at -O3, the -fwrapv
# kernels) are compiled one by one. The presets used by hand stay file by file for quick incremental rebuilds (the
# sanitize preset sets it itself). Files batched together must not
# define the same file-local name; should a change make two of them collide, the build says so and is
# made again file by file, so that a collision costs time, never the build.
build_unity() {  # build_unity PRESET [cmake --build ARGS...]
  local preset="$1"; shift
  if ! cmake --build --preset "$preset" -j "$JOBS" "$@"; then
    echo "warning: the unity build of $preset failed (above); building it again file by file" >&2
    echo "         (two batched files defining one file-local name: rename one of them)" >&2
    cmake -B "$ROOT/build/$preset" -DCMAKE_UNITY_BUILD=OFF >/dev/null
    cmake --build --preset "$preset" -j "$JOBS" "$@"
  fi
}

# ---- 2. native build ----------------------------------------------------------------------------
build_native() {
  step "building native (build/native)"
  # KILN_WEB_DIR registers the browser test with ctest; the web build comes later in this script.
  # KILN_SANITIZE_DIR registers the sanitizer and fuzz tests (build_sanitize makes that tree).
  # Unity batches as for the sanitizer build (build_unity): a third less compiler time for the engine.
  configure native -DKILN_WEB_DIR="$ROOT/build/web" -DKILN_SANITIZE_DIR="${SANITIZE_DIR:-}" \
    -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8
  build_unity native
  step_done
}

# ---- 2b. sanitizer + fuzzer build (clang, ASan + UBSan) ------------------------------------------
build_sanitize() {
  step "building the test suite and fuzzers under ASan + UBSan (build/sanitize)"
  configure sanitize
  build_unity sanitize --target kiln_tests kiln_parity kiln fuzz_parse fuzz_vm fuzz_jit_load fuzz_torch_load
  step_done
}

# ---- 3. third-party sources for the web build (Debian source packages) --------------------------
ensure_deb_src() {
  if apt-cache showsrc imgui 2>/dev/null | grep -q '^Package: imgui'; then return; fi
  if ! grep -Eqs '^(deb-src |Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/*; then
    echo "    adding a deb-src entry for Debian's source packages"
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
        $SUDO tee /etc/apt/sources.list.d/debian-src.sources >/dev/null
    else
      sed -n 's/^deb /deb-src /p' /etc/apt/sources.list |
        $SUDO tee /etc/apt/sources.list.d/debian-src.list >/dev/null
    fi
  fi
  $SUDO apt-get update -q
}

fetch_source() {  # fetch_source DEBIAN_PACKAGE DEST: unpacks the Debian source package into DEST
  local pkg="$1" dest="$2" tmp dir
  [ -f "$dest/.kiln-ok" ] && return
  step "fetching the $pkg source package into $dest"
  ensure_deb_src
  mkdir -p "$(dirname "$dest")"
  tmp="$(mktemp -d "$(dirname "$dest")/.fetch-XXXXXX")"
  local sandbox=()
  [ "$(id -u)" -eq 0 ] && sandbox=(-o APT::Sandbox::User=root)
  (cd "$tmp" && apt-get source -q "${sandbox[@]}" "$pkg" >/dev/null)
  dir="$(find "$tmp" -mindepth 1 -maxdepth 1 -type d | head -n 1)"
  [ -n "$dir" ] || die "apt-get source $pkg unpacked nothing"
  rm -rf "$dest"
  mv "$dir" "$dest"
  rm -rf "$tmp"
  touch "$dest/.kiln-ok"
  step_done
}

# ---- 5. web build -------------------------------------------------------------------------------
build_web() {
  step "building web (build/web)"
  configure web -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8
  build_unity web
  step_done
}

# ---- 6. browser-test dependencies (playwright-core only; the browser is Debian's chromium) --------
install_npm() {
  local web="$ROOT/web"
  local stamp="$web/node_modules/.kiln-package-lock.json"  # the lock file the last install used
  if cmp -s "$stamp" "$web/package-lock.json"; then
    echo "==> npm packages: present"
    return
  fi
  step "installing npm packages (playwright-core)"
  (cd "$web" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$web/package-lock.json" "$stamp"
  step_done
}

setup_all() {
  install_packages
  # ImGui's sources first: the native build makes the desktop app (native/app) from them too.
  fetch_source imgui "$KILN_CACHE/src/imgui"
  build_native
  # SDL2 is compiled from its sources inside the web build (web/sdl2/CMakeLists.txt).
  fetch_source libsdl2 "$KILN_CACHE/src/sdl2"
  build_web
  install_npm
}

# ---- main ---------------------------------------------------------------------------------------
cd "$ROOT"
case "${1:-}" in
  test)
    # The sanitizer + fuzzer build comes first (build/sanitize); configuring build/native with
    # KILN_SANITIZE_DIR then registers sanitize.* and fuzz.* with the same ctest run.
    SANITIZE_DIR="$ROOT/build/sanitize"
    install_packages
    build_sanitize
    setup_all
    printf '\n==> running tests (ctest in build/native)\n'
    cd "$ROOT/build/native"
    # Nothing may print after ctest: its summary line is the last thing the user (and CI) sees.
    exec ctest --output-on-failure --no-label-summary -j "$JOBS"
    ;;
  play)
    setup_all
    port="${KILN_PORT:-8000}"
    printf '\n==> Kiln playground: http://127.0.0.1:%s/   (Ctrl-C stops the server)\n' "$port"
    exec python3 -m http.server --bind 127.0.0.1 --directory "$ROOT/build/web" "$port"
    ;;
  sanitize)
    install_packages
    step "building the test suite under ASan + UBSan (build/sanitize)"
    configure sanitize
    cmake --build --preset sanitize -j "$JOBS" --target kiln_tests kiln_parity
    step_done
    cd "$ROOT/build/sanitize"
    # Leak checking is on; any sanitizer report fails the test that triggered it.
    # intercept_tls_get_addr=0: see tests/CMakeLists.txt (LSan and dlclose'd JIT libraries' TLS).
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:intercept_tls_get_addr=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    exec ctest --output-on-failure --no-label-summary -j "$JOBS"
    ;;
  -h|--help|help) usage ;;
  *) usage >&2; exit 2 ;;
esac
