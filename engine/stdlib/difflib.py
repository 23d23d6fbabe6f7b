# difflib: comparing sequences as CPython 3.12's module does. SequenceMatcher finds the longest
# contiguous matching block (earliest in a, then in b), recurses on both sides and merges adjacent
# blocks (Ratcliff/Obershelp "gestalt" matching), with the junk rules of CPython: elements for which
# isjunk is true never start a match, and with autojunk an element of a b of 200 or more items that
# fills more than 1% + 1 of it is "popular" and ignored the same way; matches are then extended over
# junk on both ends. So ratio(), get_matching_blocks() and get_opcodes() give CPython's numbers and
# blocks. On top: get_close_matches (real_quick_ratio, quick_ratio, ratio filters, best first),
# unified_diff and context_diff (grouped opcodes with n lines of context, CPython's headers and
# ranges). Differ, ndiff, restore and HtmlDiff are not provided.
from collections import namedtuple as _namedtuple

__all__ = ['get_close_matches', 'SequenceMatcher', 'unified_diff', 'context_diff', 'Match', 'IS_LINE_JUNK',
           'IS_CHARACTER_JUNK']

Match = _namedtuple('Match', 'a b size')


def _ratio(matches, length):
    return 2.0 * matches / length if length else 1.0


class SequenceMatcher:
    def __init__(self, isjunk=None, a='', b='', autojunk=True):
        self.isjunk = isjunk
        self.a = self.b = None
        self.autojunk = autojunk
        self.set_seqs(a, b)

    def set_seqs(self, a, b):
        self.set_seq1(a)
        self.set_seq2(b)

    def set_seq1(self, a):
        if a is self.a:
            return
        self.a = a
        self.matching_blocks = self.opcodes = None

    def set_seq2(self, b):
        if b is self.b:
            return
        self.b = b
        self.matching_blocks = self.opcodes = None
        self.fullbcount = None
        self._index_b()

    def _index_b(self):
        # b2j: element -> the increasing positions where it occurs in b, without junk and popular ones
        b = self.b
        b2j = {}
        for i, elt in enumerate(b):
            b2j.setdefault(elt, []).append(i)
        self.bjunk = set()
        if self.isjunk:
            for elt in list(b2j):
                if self.isjunk(elt):
                    self.bjunk.add(elt)
                    del b2j[elt]
        self.bpopular = set()
        n = len(b)
        if self.autojunk and n >= 200:
            limit = n // 100 + 1
            for elt, where in list(b2j.items()):
                if len(where) > limit:
                    self.bpopular.add(elt)
                    del b2j[elt]
        self.b2j = b2j

    def find_longest_match(self, alo=0, ahi=None, blo=0, bhi=None):
        a, b, b2j, bjunk = self.a, self.b, self.b2j, self.bjunk
        if ahi is None:
            ahi = len(a)
        if bhi is None:
            bhi = len(b)
        besti, bestj, bestsize = alo, blo, 0
        # lengths[j]: the length of the match of non-junk elements ending at a[i-1], b[j]
        lengths = {}
        for i in range(alo, ahi):
            current = {}
            for j in b2j.get(a[i], ()):
                if j < blo:
                    continue
                if j >= bhi:
                    break
                k = lengths.get(j - 1, 0) + 1
                current[j] = k
                if k > bestsize:
                    besti, bestj, bestsize = i - k + 1, j - k + 1, k
            lengths = current
        # grow the block over equal non-junk neighbours (popular elements), then over junk
        for junk_side in (False, True):
            while (besti > alo and bestj > blo and (b[bestj - 1] in bjunk) == junk_side and
                   a[besti - 1] == b[bestj - 1]):
                besti, bestj, bestsize = besti - 1, bestj - 1, bestsize + 1
            while (besti + bestsize < ahi and bestj + bestsize < bhi and
                   (b[bestj + bestsize] in bjunk) == junk_side and a[besti + bestsize] == b[bestj + bestsize]):
                bestsize += 1
        return Match(besti, bestj, bestsize)

    def get_matching_blocks(self):
        if self.matching_blocks is not None:
            return self.matching_blocks
        la, lb = len(self.a), len(self.b)
        pending = [(0, la, 0, lb)]
        found = []
        while pending:
            alo, ahi, blo, bhi = pending.pop()
            i, j, k = m = self.find_longest_match(alo, ahi, blo, bhi)
            if k:
                found.append(m)
                if alo < i and blo < j:
                    pending.append((alo, i, blo, j))
                if i + k < ahi and j + k < bhi:
                    pending.append((i + k, ahi, j + k, bhi))
        found.sort()
        merged = []
        ci = cj = ck = 0
        for i, j, k in found:
            if ci + ck == i and cj + ck == j:
                ck += k
            else:
                if ck:
                    merged.append((ci, cj, ck))
                ci, cj, ck = i, j, k
        if ck:
            merged.append((ci, cj, ck))
        merged.append((la, lb, 0))
        self.matching_blocks = [Match._make(t) for t in merged]
        return self.matching_blocks

    def get_opcodes(self):
        if self.opcodes is not None:
            return self.opcodes
        i = j = 0
        codes = []
        for ai, bj, size in self.get_matching_blocks():
            if i < ai and j < bj:
                codes.append(('replace', i, ai, j, bj))
            elif i < ai:
                codes.append(('delete', i, ai, j, bj))
            elif j < bj:
                codes.append(('insert', i, ai, j, bj))
            i, j = ai + size, bj + size
            if size:
                codes.append(('equal', ai, i, bj, j))
        self.opcodes = codes
        return codes

    def get_grouped_opcodes(self, n=3):
        codes = self.get_opcodes()
        if not codes:
            codes = [("equal", 0, 1, 0, 1)]
        codes = list(codes)
        # trim unchanged runs at both ends to n items of context
        if codes[0][0] == 'equal':
            tag, i1, i2, j1, j2 = codes[0]
            codes[0] = tag, max(i1, i2 - n), i2, max(j1, j2 - n), j2
        if codes[-1][0] == 'equal':
            tag, i1, i2, j1, j2 = codes[-1]
            codes[-1] = tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)
        group = []
        for tag, i1, i2, j1, j2 in codes:
            # an unchanged run longer than 2n closes the group (n after) and opens the next (n before)
            if tag == 'equal' and i2 - i1 > 2 * n:
                group.append((tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)))
                yield group
                group = []
                i1, j1 = max(i1, i2 - n), max(j1, j2 - n)
            group.append((tag, i1, i2, j1, j2))
        if group and not (len(group) == 1 and group[0][0] == 'equal'):
            yield group

    def ratio(self):
        matches = sum(m.size for m in self.get_matching_blocks())
        return _ratio(matches, len(self.a) + len(self.b))

    def quick_ratio(self):
        # an upper bound on ratio(): the multiset intersection of a and b
        if self.fullbcount is None:
            self.fullbcount = counts = {}
            for elt in self.b:
                counts[elt] = counts.get(elt, 0) + 1
        counts = self.fullbcount
        avail = {}
        matches = 0
        for elt in self.a:
            left = avail[elt] if elt in avail else counts.get(elt, 0)
            avail[elt] = left - 1
            if left > 0:
                matches += 1
        return _ratio(matches, len(self.a) + len(self.b))

    def real_quick_ratio(self):
        la, lb = len(self.a), len(self.b)
        return _ratio(min(la, lb), la + lb)



def get_close_matches(word, possibilities, n=3, cutoff=0.6):
    if not n > 0:
        raise ValueError("n must be > 0: %r" % (n,))
    if not 0.0 <= cutoff <= 1.0:
        raise ValueError("cutoff must be in [0.0, 1.0]: %r" % (cutoff,))
    result = []
    s = SequenceMatcher()
    s.set_seq2(word)
    for x in possibilities:
        s.set_seq1(x)
        if s.real_quick_ratio() >= cutoff and s.quick_ratio() >= cutoff and s.ratio() >= cutoff:
            result.append((s.ratio(), x))
    # heapq.nlargest's order: the n greatest (score, word) pairs, greatest first
    result.sort(reverse=True)
    return [x for score, x in result[:n]]


def IS_LINE_JUNK(line, pat=None):
    if pat is not None:
        return pat(line) is not None
    stripped = line.strip()
    return stripped == '' or stripped == '#'


def IS_CHARACTER_JUNK(ch, ws=" \t"):
    return ch in ws


def _check_types(a, b, *args):
    if a and not isinstance(a[0], str):
        raise TypeError('lines to compare must be str, not %s (%r)' % (type(a[0]).__name__, a[0]))
    if b and not isinstance(b[0], str):
        raise TypeError('lines to compare must be str, not %s (%r)' % (type(b[0]).__name__, b[0]))
    for arg in args:
        if not isinstance(arg, str):
            raise TypeError('all arguments must be str, not: %r' % (arg,))


def _unified_range(start, stop):
    # "start,length" with 1-based lines; an empty range names the line before it
    first = start + 1
    length = stop - start
    if length == 1:
        return '{}'.format(first)
    if not length:
        first -= 1
    return '{},{}'.format(first, length)


def unified_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\n'):
    _check_types(a, b, fromfile, tofile, fromfiledate, tofiledate, lineterm)
    started = False
    for group in SequenceMatcher(None, a, b).get_grouped_opcodes(n):
        if not started:
            started = True
            fromdate = '\t{}'.format(fromfiledate) if fromfiledate else ''
            todate = '\t{}'.format(tofiledate) if tofiledate else ''
            yield '--- {}{}{}'.format(fromfile, fromdate, lineterm)
            yield '+++ {}{}{}'.format(tofile, todate, lineterm)
        first, last = group[0], group[-1]
        yield '@@ -{} +{} @@{}'.format(_unified_range(first[1], last[2]), _unified_range(first[3], last[4]), lineterm)
        for tag, i1, i2, j1, j2 in group:
            if tag == 'equal':
                for line in a[i1:i2]:
                    yield ' ' + line
                continue
            if tag in ('replace', 'delete'):
                for line in a[i1:i2]:
                    yield '-' + line
            if tag in ('replace', 'insert'):
                for line in b[j1:j2]:
                    yield '+' + line


def _context_range(start, stop):
    # "first,last" with 1-based lines; an empty range names the line before it
    first = start + 1
    length = stop - start
    if not length:
        first -= 1
    if length <= 1:
        return '{}'.format(first)
    return '{},{}'.format(first, first + length - 1)


def context_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\n'):
    _check_types(a, b, fromfile, tofile, fromfiledate, tofiledate, lineterm)
    prefix = {'insert': '+ ', 'delete': '- ', 'replace': '! ', 'equal': '  '}
    started = False
    for group in SequenceMatcher(None, a, b).get_grouped_opcodes(n):
        if not started:
            started = True
            fromdate = '\t{}'.format(fromfiledate) if fromfiledate else ''
            todate = '\t{}'.format(tofiledate) if tofiledate else ''
            yield '*** {}{}{}'.format(fromfile, fromdate, lineterm)
            yield '--- {}{}{}'.format(tofile, todate, lineterm)
        first, last = group[0], group[-1]
        yield '***************' + lineterm
        yield '*** {} ****{}'.format(_context_range(first[1], last[2]), lineterm)
        if any(tag in ('replace', 'delete') for tag, _, _, _, _ in group):
            for tag, i1, i2, _, _ in group:
                if tag != 'insert':
                    for line in a[i1:i2]:
                        yield prefix[tag] + line
        yield '--- {} ----{}'.format(_context_range(first[3], last[4]), lineterm)
        if any(tag in ('replace', 'insert') for tag, _, _, _, _ in group):
            for tag, _, _, j1, j2 in group:
                if tag != 'delete':
                    for line in b[j1:j2]:
                        yield prefix[tag] + line
