# fnmatch, the part in Kiln's Python: translate(), which gives the regular-expression text CPython
# 3.12 gives for a shell pattern (programs print it, join several with "|", or compile it
# themselves). fnmatch/fnmatchcase/filter come from the native factory (engine/vm/host_fs.cpp),
# which matches without building a regular expression. The text follows CPython's rules:
# `*` runs collapse, an interior `*fixed` becomes an atomic lazy group (?>.*?fixed), `?` is `.`,
# a set [...] keeps its ranges (a reversed range is dropped; none left: (?!) never matches, `[!]`
# alone: any character), `-` `\` and the set operators & ~ | are escaped inside it, a leading
# `!` becomes `^`, an unclosed `[` is literal, everything else goes through re.escape, and the
# whole is (?s:...)\Z.
import re as _re

__all__ = ["filter", "fnmatch", "fnmatchcase", "translate"]

_STAR = object()


def _set_text(pat, i, j):
    # the body of a set pat[i:j] (after '[', before ']') as a regular-expression class body
    body = pat[i:j]
    if '-' not in body:
        body = body.replace('\\', r'\\')
    else:
        # split at the hyphens that are not the set's first character: each split point is a range
        pieces = []
        k = i + 2 if pat[i] == '!' else i + 1
        while True:
            k = pat.find('-', k, j)
            if k < 0:
                break
            pieces.append(pat[i:k])
            i = k + 1
            k = k + 3
        last = pat[i:j]
        if last:
            pieces.append(last)
        else:
            pieces[-1] += '-'
        # a range whose end is below its start matches nothing: drop it
        for k in range(len(pieces) - 1, 0, -1):
            if pieces[k - 1][-1] > pieces[k][0]:
                pieces[k - 1] = pieces[k - 1][:-1] + pieces[k][1:]
                del pieces[k]
        body = '-'.join(p.replace('\\', r'\\').replace('-', r'\-') for p in pieces)
    return _re.sub(r'([&~|])', r'\\\1', body)


def _parts(pat):
    out = []
    i, n = 0, len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            if not out or out[-1] is not _STAR:
                out.append(_STAR)
        elif c == '?':
            out.append('.')
        elif c == '[':
            j = i
            if j < n and pat[j] == '!':
                j += 1
            if j < n and pat[j] == ']':
                j += 1
            while j < n and pat[j] != ']':
                j += 1
            if j >= n:
                out.append('\\[')
                continue
            body = _set_text(pat, i, j)
            i = j + 1
            if not body:
                out.append('(?!)')
            elif body == '!':
                out.append('.')
            else:
                if body[0] == '!':
                    body = '^' + body[1:]
                elif body[0] in ('^', '['):
                    body = '\\' + body
                out.append('[' + body + ']')
        else:
            out.append(_re.escape(c))
    return out


def translate(pat):
    parts = _parts(pat)
    res = []
    i, n = 0, len(parts)
    while i < n and parts[i] is not _STAR:
        res.append(parts[i])
        i += 1
    while i < n:
        i += 1  # a star
        if i == n:
            res.append('.*')
            break
        fixed = []
        while i < n and parts[i] is not _STAR:
            fixed.append(parts[i])
            i += 1
        fixed = ''.join(fixed)
        if i == n:
            res.append('.*' + fixed)
        else:
            res.append('(?>.*?' + fixed + ')')
    return '(?s:' + ''.join(res) + ')\\Z'
