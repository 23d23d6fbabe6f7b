#!/usr/bin/env python3
# Where the bytes of kiln.wasm go: each function's size in the code section, attributed to the object
# file (and library) that defines it, plus the data section's total. Made to decide what to leave
# out of the web build (playground/README.md records the results).
#
#   scripts/wasm_sizes.py NAMED.wasm BUILD_DIR [--top N]
#
# NAMED.wasm must keep its function names: relink the page with them, e.g. in build/web
#   ninja -t commands kiln_web | tail -1     (the link line), run again with
#   `--profiling-funcs -o /tmp/k.js` in place of `-o kiln.js` (same optimizations, names kept).
# Objects are found with llvm-nm over BUILD_DIR's static libraries and the page's own objects, and
# SDL2's library (KILN_CACHE); a function defined in several objects (inline, templates) is split
# evenly between them; "?" is what no listed object defines (libc, libc++, Emscripten's runtime).
import argparse
import collections
import glob
import os
import re
import subprocess
import sys


def leb(data, p):
    r = s = 0
    while True:
        b = data[p]
        p += 1
        r |= (b & 0x7F) << s
        s += 7
        if b < 0x80:
            return r, p


def functions(path):
    """(size of each defined function, {function index: name}, imported function count, section sizes)"""
    data = open(path, 'rb').read()
    p, sizes, names, imports, sections = 8, [], {}, 0, collections.Counter()
    while p < len(data):
        sid = data[p]
        size, p = leb(data, p + 1)
        end = p + size
        sections[sid] += size
        if sid == 2:  # imports: function imports take the first indices
            n, q = leb(data, p)
            for _ in range(n):
                for _ in range(2):
                    ln, q = leb(data, q)
                    q += ln
                kind = data[q]
                q += 1
                if kind == 0:
                    imports += 1
                    _, q = leb(data, q)
                elif kind in (1, 2):  # table (reftype + limits) or memory (limits)
                    q += kind == 1
                    flags, q = leb(data, q)
                    _, q = leb(data, q)
                    if flags & 1:
                        _, q = leb(data, q)
                elif kind == 3:
                    q += 2
                elif kind == 4:
                    q += 1
                    _, q = leb(data, q)
        elif sid == 10:
            n, q = leb(data, p)
            for _ in range(n):
                ln, q2 = leb(data, q)
                sizes.append(ln + q2 - q)
                q = q2 + ln
        elif sid == 0:
            ln, q = leb(data, p)
            if data[q:q + ln] == b'name':
                q += ln
                while q < end:
                    sub = data[q]
                    ssz, q = leb(data, q + 1)
                    if sub == 1:
                        n, r = leb(data, q)
                        for _ in range(n):
                            i, r = leb(data, r)
                            ln, r = leb(data, r)
                            names[i] = data[r:r + ln].decode(errors='replace')
                            r += ln
                    q += ssz
        p = end
    return sizes, names, imports, sections


def owners(build):
    libs = sorted(glob.glob(os.path.join(build, '**', '*.a'), recursive=True))
    own = collections.defaultdict(set)
    for lib in libs:
        out = subprocess.run(['llvm-nm', '-C', '--defined-only', '-A', lib], capture_output=True, text=True).stdout
        for line in out.splitlines():
            m = re.match(r'(.*?):(\S+\.o):\s+\S*\s+[TtWw]\s+(.*)$', line)
            if m:
                own[m.group(3)].add(f'{os.path.basename(lib)}:{m.group(2)}')
    for obj in glob.glob(os.path.join(build, 'web', 'CMakeFiles', 'kiln_web.dir', '*.o')):
        out = subprocess.run(['llvm-nm', '-C', '--defined-only', obj], capture_output=True, text=True).stdout
        for line in out.splitlines():
            parts = line.split(None, 2)
            if len(parts) == 3 and parts[1] in 'TtWw':
                own[parts[2]].add(f'page:{os.path.basename(obj)}')
    return own


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('wasm')
    ap.add_argument('build')
    ap.add_argument('--top', type=int, default=60)
    a = ap.parse_args()
    sizes, names, imports, sections = functions(a.wasm)
    if not names:
        sys.exit(f'{a.wasm} has no function names: relink with --profiling-funcs (see the top of this script)')
    own = owners(a.build)
    per_obj, per_lib = collections.Counter(), collections.Counter()
    for k, size in enumerate(sizes):
        objs = own.get(names.get(k + imports, ''), {'?'})
        for o in objs:
            per_obj[o] += size / len(objs)
            per_lib[o.split(':')[0]] += size / len(objs)
    print(f'code {sections[10] / 1e6:.2f} MB, data {sections[11] / 1e6:.2f} MB')
    for lib, size in per_lib.most_common():
        print(f'{size / 1024:9.1f} KiB  {lib}')
    print()
    for obj, size in per_obj.most_common(a.top):
        print(f'{size / 1024:9.1f} KiB  {obj}')


if __name__ == '__main__':
    main()
