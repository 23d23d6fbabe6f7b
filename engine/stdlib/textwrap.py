# textwrap: wrap, fill, shorten, dedent, indent and TextWrapper with CPython 3.11's rules: tabs
# expanded, whitespace made spaces, text split into words and whitespace chunks (hyphenated words
# split after a hyphen between letters, as CPython's word-separator pattern does), greedy line
# filling, long words broken (at a hyphen when one fits), leading/trailing whitespace dropped per
# line, max_lines with a placeholder. fix_sentence_endings follows CPython's two-space rule.
# Left out: runs of two or more hyphens ("em-dashes") are not split off as chunks of their own.

__all__ = ['TextWrapper', 'wrap', 'fill', 'dedent', 'indent', 'shorten']

_whitespace = '\t\n\x0b\x0c\r '


def _is_letter(c):
    return c.isalpha() or c == '_'


def _split_word(word):
    # Split after hyphens that CPython's wordsep_re breaks at: a hyphen preceded by two letters
    # (or letter-hyphen-letter) and followed by a letter and then a letter (or hyphen-letter).
    parts = []
    start = 0
    n = len(word)
    for i in range(1, n):
        if word[i] != '-':
            continue
        before = (i >= 2 and _is_letter(word[i - 1]) and _is_letter(word[i - 2])) or \
                 (i >= 3 and _is_letter(word[i - 1]) and word[i - 2] == '-' and _is_letter(word[i - 3]))
        after = i + 1 < n and _is_letter(word[i + 1]) and \
            ((i + 2 < n and _is_letter(word[i + 2])) or (i + 3 < n and word[i + 2] == '-' and _is_letter(word[i + 3])))
        if before and after:
            parts.append(word[start:i + 1])
            start = i + 1
    parts.append(word[start:])
    return parts


def _sentence_end(c):
    if c and c[-1] in '"\'':
        c = c[:-1]
    return len(c) >= 2 and c[-1] in '.!?' and 'a' <= c[-2] <= 'z'


class TextWrapper:
    def __init__(self, width=70, initial_indent="", subsequent_indent="", expand_tabs=True,
                 replace_whitespace=True, fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8, *, max_lines=None,
                 placeholder=' [...]'):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.expand_tabs = expand_tabs
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.drop_whitespace = drop_whitespace
        self.break_on_hyphens = break_on_hyphens
        self.tabsize = tabsize
        self.max_lines = max_lines
        self.placeholder = placeholder

    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            text = ''.join(' ' if c in _whitespace else c for c in text)
        return text

    def _split(self, text):
        chunks = []
        i = 0
        n = len(text)
        while i < n:
            j = i
            if text[i] in _whitespace:
                while j < n and text[j] in _whitespace:
                    j += 1
                chunks.append(text[i:j])
            else:
                while j < n and text[j] not in _whitespace:
                    j += 1
                word = text[i:j]
                if self.break_on_hyphens:
                    chunks.extend(_split_word(word))
                else:
                    chunks.append(word)
            i = j
        return chunks

    def _fix_sentence_endings(self, chunks):
        i = 0
        while i < len(chunks) - 1:
            if chunks[i + 1] == " " and _sentence_end(chunks[i]):
                chunks[i + 1] = "  "
                i += 2
            else:
                i += 1

    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        if width < 1:
            space_left = 1
        else:
            space_left = width - cur_len
        if self.break_long_words:
            end = space_left
            chunk = reversed_chunks[-1]
            if self.break_on_hyphens and len(chunk) > space_left:
                hyphen = chunk.rfind('-', 0, space_left)
                if hyphen > 0 and any(c != '-' for c in chunk[:hyphen]):
                    end = hyphen + 1
            cur_line.append(chunk[:end])
            reversed_chunks[-1] = chunk[end:]
        elif not cur_line:
            cur_line.append(reversed_chunks.pop())

    def _wrap_chunks(self, chunks):
        lines = []
        if self.width <= 0:
            raise ValueError("invalid width %r (must be > 0)" % self.width)
        if self.max_lines is not None:
            if self.max_lines > 1:
                indent = self.subsequent_indent
            else:
                indent = self.initial_indent
            if len(indent) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError("placeholder too large for max width")
        chunks.reverse()
        while chunks:
            cur_line = []
            cur_len = 0
            indent = self.subsequent_indent if lines else self.initial_indent
            width = self.width - len(indent)
            if self.drop_whitespace and chunks[-1].strip() == '' and lines:
                del chunks[-1]
            while chunks:
                l = len(chunks[-1])
                if cur_len + l <= width:
                    cur_line.append(chunks.pop())
                    cur_len += l
                else:
                    break
            if chunks and len(chunks[-1]) > width:
                self._handle_long_word(chunks, cur_line, cur_len, width)
                cur_len = sum(len(c) for c in cur_line)
            if self.drop_whitespace and cur_line and cur_line[-1].strip() == '':
                cur_len -= len(cur_line[-1])
                del cur_line[-1]
            if cur_line:
                if (self.max_lines is None or len(lines) + 1 < self.max_lines or
                        (not chunks or self.drop_whitespace and len(chunks) == 1 and not chunks[0].strip())
                        and cur_len <= width):
                    lines.append(indent + ''.join(cur_line))
                else:
                    while cur_line:
                        if cur_line[-1].strip() and cur_len + len(self.placeholder) <= width:
                            cur_line.append(self.placeholder)
                            lines.append(indent + ''.join(cur_line))
                            break
                        cur_len -= len(cur_line[-1])
                        del cur_line[-1]
                    else:
                        if lines:
                            prev_line = lines[-1].rstrip()
                            if len(prev_line) + len(self.placeholder) <= self.width:
                                lines[-1] = prev_line + self.placeholder
                                break
                        lines.append(indent + self.placeholder.lstrip())
                    break
        return lines

    def _split_chunks(self, text):
        return self._split(self._munge_whitespace(text))

    def wrap(self, text):
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        return "\n".join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).wrap(text)


def fill(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).fill(text)


def shorten(text, width, **kwargs):
    w = TextWrapper(width=width, max_lines=1, **kwargs)
    return w.fill(' '.join(text.strip().split()))


def _leading(line):
    i = 0
    while i < len(line) and line[i] in ' \t':
        i += 1
    return line[:i]


def dedent(text):
    lines = text.split('\n')
    margin = None
    for line in lines:
        if not line.strip(' \t'):
            continue
        lead = _leading(line)
        if margin is None:
            margin = lead
        elif lead.startswith(margin):
            pass
        elif margin.startswith(lead):
            margin = lead
        else:
            k = 0
            while k < len(margin) and k < len(lead) and margin[k] == lead[k]:
                k += 1
            margin = margin[:k]
    out = []
    for line in lines:
        if not line.strip(' \t'):
            out.append('')
        elif margin:
            out.append(line[len(margin):])
        else:
            out.append(line)
    return '\n'.join(out)


def indent(text, prefix, predicate=None):
    if predicate is None:
        def predicate(line):
            return line.strip()
    out = []
    for line in text.splitlines(True):
        out.append(prefix + line if predicate(line) else line)
    return ''.join(out)
