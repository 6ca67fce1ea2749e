# The first part of a split web module by origin (ImGui, stb_truetype, SDL2, the C/C++ run-time, the app):
# reads the function names and body sizes from an unsplit module's name section (linked with
# --profiling-funcs), keeps the functions a keep list names (wasm-split's, names escaped like \28 for
# '('), and finds each function's origin by the symbols that the linked archives and objects define
# (llvm-nm -C). Prints a markdown table; the "gzip alone" column is each origin's function bodies gzipped
# on their own (gzip is not additive: the whole first part's gzip size is the bottom line).
#
# Usage: python3 origins.py --wasm X.wasm.orig --keep keep_functions.txt --first X.wasm --font F.ttf
#          --label NAME [--top N] ORIGIN=FILE[,FILE...] ...    (ORIGIN: app, imgui, sdl2, runtime)
# Adapted from /tmp/funcsizes.py (a name-section reader the team used before).
import argparse
import re
import subprocess
import sys


def leb(b, i):
    result = shift = 0
    while True:
        x = b[i]
        i += 1
        result |= (x & 0x7F) << shift
        shift += 7
        if x < 0x80:
            return result, i


def sections(data):
    """(id, start, size) of every section of a wasm binary."""
    i, out = 8, []
    while i < len(data):
        sid = data[i]
        size, start = leb(data, i + 1)
        out.append((sid, start, size))
        i = start + size
    return out


def functions(path):
    """[(name, body bytes, body size)] in code-section order, names from the name section."""
    data = open(path, 'rb').read()
    imports, bodies, names = 0, [], {}
    for sid, start, size in sections(data):
        if sid == 2:  # imports: function imports come first in the function index space
            n, j = leb(data, start)
            for _ in range(n):
                for _field in range(2):
                    length, j = leb(data, j)
                    j += length
                kind = data[j]
                j += 1
                if kind == 0:
                    _, j = leb(data, j)
                    imports += 1
                elif kind == 1:  # table: reftype, limits
                    flags = data[j + 1]
                    _, j = leb(data, j + 2)
                    if flags & 1:
                        _, j = leb(data, j)
                elif kind == 2:  # memory: limits
                    flags = data[j]
                    _, j = leb(data, j + 1)
                    if flags & 1:
                        _, j = leb(data, j)
                elif kind == 3:  # global: valtype, mutability
                    j += 2
        elif sid == 10:
            n, j = leb(data, start)
            for _ in range(n):
                length, j = leb(data, j)
                bodies.append(data[j:j + length])
                j += length
        elif sid == 0:
            length, j = leb(data, start)
            if data[j:j + length] != b'name':
                continue
            j += length
            while j < start + size:
                sub = data[j]
                sub_size, j = leb(data, j + 1)
                end = j + sub_size
                if sub == 1:
                    n, k = leb(data, j)
                    for _ in range(n):
                        index, k = leb(data, k)
                        length, k = leb(data, k)
                        names[index] = data[k:k + length].decode(errors='replace')
                        k += length
                j = end
    return [(names.get(i + imports, f'?{i}'), body) for i, body in enumerate(bodies)]


def section_sizes(path):
    data = open(path, 'rb').read()
    found = {}
    for sid, start, size in sections(data):
        found[sid] = found.get(sid, b'') + data[start:start + size]
    return data, found


def unescape(name):
    return re.sub(r'\\([0-9a-fA-F]{2})', lambda m: chr(int(m.group(1), 16)), name)


def symbols(files):
    """Names of the functions the files define (llvm-nm -C: demangled as the name section has them)."""
    out = subprocess.run(['llvm-nm', '-C', '--defined-only', '--no-sort', *files], capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split(' ', 2)
        if len(parts) == 3 and parts[1] in 'TtWw':
            names.add(parts[2])
    return names


ORIGINS = ['imgui', 'stb', 'sdl2', 'runtime', 'json', 'loop', 'app', 'other']
# wasm-opt inlines a function called from one place into its caller: ImGui::NewFrame/Render/EndFrame,
# CreateContext, both backends' Init/NewFrame/ProcessEvent/RenderDrawData and SDL_PollEvent are not in
# the module under their own names but inside main and run_one_frame, in the floor app and in ours.
LOOP = {'main', '(anonymous namespace)::run_one_frame(void*)'}
LABELS = {
    'imgui': 'Dear ImGui (core, widgets, tables, SDL2 + GL3 backends)',
    'stb': 'stb_truetype + stb_rect_pack (font atlas)',
    'sdl2': 'SDL2 (video, events, timers)',
    'runtime': 'libc, libc++, dlmalloc, compiler-rt, emscripten',
    'json': 'nlohmann::json (header-only)',
    'loop': 'main + run_one_frame (with ImGui/SDL code inlined into them)',
    'app': 'the app, the rest',
    'other': 'unattributed (binaryen-made, merged)',
}


def classify(name, owners):
    if name in LOOP:
        return 'loop'
    base = re.sub(r'^byn\$mgfn-shared\$', '', name)
    base = re.sub(r'(\.\d+|_\d+)$', '', base) if base not in owners else base
    if re.match(r'^(stbtt|stbrp)_', base):
        return 'stb'
    if re.match(r'^(\S+ )?(nlohmann::|pl::[^ ]*nlohmann)', base) or 'nlohmann::' in base.split('(')[0]:
        return 'json'
    found = owners.get(base, set())
    if len(found) == 1:
        return next(iter(found))
    # Inline functions and templates are defined in every object that uses them: decide by the name.
    if re.match(r'^(\S+ )?(ImGui|Im[A-Z]|ImStb::|ImVector|ImPool|ImSpan|ImChunkStream)', base):
        return 'imgui'
    if re.match(r'^(\S+ )?std::', base) or base.startswith('__') or base.startswith('operator '):
        return 'runtime'
    if re.match(r'^(\S+ )?pl::', base):
        return 'app'
    for origin in ('app', 'imgui', 'sdl2', 'runtime'):
        if origin in found:
            return origin
    if re.match(r'^(SDL_|Emscripten_)', base):
        return 'sdl2'
    if re.match(r'^(dynCall_|legalstub|legalfunc|emscripten_|stack|__)', base):
        return 'runtime'
    return 'other'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--wasm', required=True)
    ap.add_argument('--keep', required=True)
    ap.add_argument('--first', required=True)
    ap.add_argument('--font', required=True)
    ap.add_argument('--label', required=True)
    ap.add_argument('--top', type=int, default=0)
    ap.add_argument('sources', nargs='+', help='origin=file,file,...')
    args = ap.parse_args()

    owners = {}
    for spec in args.sources:
        origin, files = spec.split('=', 1)
        for name in symbols(files.split(',')):
            owners.setdefault(name, set()).add(origin)

    keep = {unescape(line.rstrip('\n')) for line in open(args.keep, encoding='utf-8') if line.strip()}
    funcs = functions(args.wasm)
    kept = [(name, body) for name, body in funcs if name in keep]
    missing = len(keep) - len({name for name, _ in kept})

    by_origin = {origin: [] for origin in ORIGINS}
    for name, body in kept:
        by_origin[classify(name, owners)].append((name, body))

    kb = lambda n: f'{n / 1024:.1f}'
    # gzip -9 itself, as measure.sh measures the files (zlib's level 9 differs by a few hundred bytes).
    gz = lambda b: len(subprocess.run(['gzip', '-9', '-n', '-c'], input=b, capture_output=True).stdout) if b else 0
    first, secs = section_sizes(args.first)
    code, data = secs.get(10, b''), secs.get(11, b'')
    font = open(args.font, 'rb').read()
    print(f'\n### {args.label}: first part by origin\n')
    print(f'{len(kept)} of {len(funcs)} functions kept ({missing} names of the keep list not found in the name section).\n')
    print('| origin | functions | code KB | gzip alone KB |')
    print('|---|---:|---:|---:|')
    for origin in ORIGINS:
        items = by_origin[origin]
        if not items:
            continue
        blob = b''.join(body for _, body in items)
        print(f'| {LABELS[origin]} | {len(items)} | {kb(len(blob))} | {kb(gz(blob))} |')
    all_code = b''.join(body for _, body in kept)
    print(f'| **all kept code** | {len(kept)} | {kb(len(all_code))} | {kb(gz(all_code))} |')
    print(f'| data section (every segment: font, strings, tables) | | {kb(len(data))} | {kb(gz(data))} |')
    print(f'| of which the font (subset DejaVu Sans TTF) | | {kb(len(font))} | {kb(gz(font))} |')
    rest = len(first) - len(code) - len(data)
    print(f'| rest of the module (types, imports, exports, table, elements) | | {kb(rest)} | |')
    print(f'| **first part, whole** (`{args.first.split("/")[-1]}`) | | {kb(len(first))} | **{kb(gz(first))}** |')
    if args.top:
        print(f'\nLargest {args.top} kept functions:\n')
        print('| function | origin | bytes |')
        print('|---|---|---:|')
        for name, body in sorted(kept, key=lambda item: -len(item[1]))[:args.top]:
            shown = name if len(name) < 90 else name[:87] + '...'
            print(f'| `{shown}` | {classify(name, owners)} | {len(body)} |')
    for name, _ in by_origin['other']:
        print(f'unattributed: {name}', file=sys.stderr)


if __name__ == '__main__':
    main()
