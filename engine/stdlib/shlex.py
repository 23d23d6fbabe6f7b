# shlex: shell-like lexing as CPython 3.12's module behaves: split() (POSIX rules by default:
# quotes removed, backslash escapes, '#' comments only with comments=True), quote() (single quotes
# around anything outside the shell-safe characters), join(), and the shlex class with its
# attributes (whitespace_split, commenters, wordchars, quotes, escape, punctuation_chars, ...) and
# its token stream (get_token/push_token/read_token, iteration). Errors are CPython's: "No closing
# quotation", "No escaped character". File inclusion (`source`) is not supported: Kiln reads files
# only through its sandbox, and real programs use shlex for splitting command lines.
from collections import deque
from io import StringIO

__all__ = ["shlex", "split", "quote", "join"]

_ASCII_WORD = 'abcdfeghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'
_LATIN1_WORD = ('ßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ'
                'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ')


class shlex:
    """A lexical analyzer for simple shell-like syntaxes."""

    def __init__(self, instream=None, infile=None, posix=False, punctuation_chars=False):
        if isinstance(instream, str):
            instream = StringIO(instream)
        if instream is not None:
            self.instream = instream
            self.infile = infile
        else:
            import sys
            self.instream = sys.stdin
            self.infile = None
        self.posix = posix
        self.eof = None if posix else ''
        self.commenters = '#'
        self.wordchars = _ASCII_WORD + (_LATIN1_WORD if posix else '')
        self.whitespace = ' \t\r\n'
        self.whitespace_split = False
        self.quotes = '\'"'
        self.escape = '\\'
        self.escapedquotes = '"'
        self.state = ' '
        self.pushback = deque()
        self.lineno = 1
        self.debug = 0
        self.token = ''
        self.filestack = deque()
        self.source = None
        if not punctuation_chars:
            punctuation_chars = ''
        elif punctuation_chars is True:
            punctuation_chars = '();<>|&'
        self._punctuation_chars = punctuation_chars
        if punctuation_chars:
            # characters that may appear in file names join words, minus the punctuation itself
            self._pushback_chars = deque()
            self.wordchars += '~-./*?='
            self.wordchars = ''.join(c for c in self.wordchars if c not in punctuation_chars)

    @property
    def punctuation_chars(self):
        return self._punctuation_chars

    def push_token(self, tok):
        """Push a token onto the stack popped by the get_token method."""
        self.pushback.appendleft(tok)

    def get_token(self):
        """Get a token from the input stream (or from the pushback stack)."""
        if self.pushback:
            return self.pushback.popleft()
        return self.read_token()

    def _next_char(self):
        if self._punctuation_chars and self._pushback_chars:
            return self._pushback_chars.pop()
        return self.instream.read(1)

    def _done(self, quoted):
        # a token ends at a separator only when it has text (or was quoted, in POSIX mode)
        return bool(self.token) or (self.posix and quoted)

    def read_token(self):
        quoted = False
        escapedstate = ' '
        while True:
            nextchar = self._next_char()
            if nextchar == '\n':
                self.lineno += 1
            state = self.state
            if state is None:
                self.token = ''
                break
            if state == ' ':
                if not nextchar:
                    self.state = None
                    break
                if nextchar in self.whitespace:
                    if self._done(quoted):
                        break
                    continue
                if nextchar in self.commenters:
                    self.instream.readline()
                    self.lineno += 1
                elif self.posix and nextchar in self.escape:
                    escapedstate = 'a'
                    self.state = nextchar
                elif nextchar in self.wordchars:
                    self.token = nextchar
                    self.state = 'a'
                elif nextchar in self._punctuation_chars:
                    self.token = nextchar
                    self.state = 'c'
                elif nextchar in self.quotes:
                    if not self.posix:
                        self.token = nextchar
                    self.state = nextchar
                elif self.whitespace_split:
                    self.token = nextchar
                    self.state = 'a'
                else:
                    self.token = nextchar
                    if self._done(quoted):
                        break
                    continue
            elif state in self.quotes:
                quoted = True
                if not nextchar:
                    raise ValueError("No closing quotation")
                if nextchar == state:
                    if not self.posix:
                        self.token += nextchar
                        self.state = ' '
                        break
                    self.state = 'a'
                elif self.posix and nextchar in self.escape and state in self.escapedquotes:
                    escapedstate = state
                    self.state = nextchar
                else:
                    self.token += nextchar
            elif state in self.escape:
                if not nextchar:
                    raise ValueError("No escaped character")
                # inside double quotes a backslash stays unless it escapes the quote or itself
                if escapedstate in self.quotes and nextchar != state and nextchar != escapedstate:
                    self.token += state
                self.token += nextchar
                self.state = escapedstate
            elif state in ('a', 'c'):
                if not nextchar:
                    self.state = None
                    break
                if nextchar in self.whitespace:
                    self.state = ' '
                    if self._done(quoted):
                        break
                    continue
                if nextchar in self.commenters:
                    self.instream.readline()
                    self.lineno += 1
                    if self.posix:
                        self.state = ' '
                        if self._done(quoted):
                            break
                        continue
                elif state == 'c':
                    if nextchar in self._punctuation_chars:
                        self.token += nextchar
                    else:
                        if nextchar not in self.whitespace:
                            self._pushback_chars.append(nextchar)
                        self.state = ' '
                        break
                elif self.posix and nextchar in self.quotes:
                    self.state = nextchar
                elif self.posix and nextchar in self.escape:
                    escapedstate = 'a'
                    self.state = nextchar
                elif (nextchar in self.wordchars or nextchar in self.quotes or
                      (self.whitespace_split and nextchar not in self._punctuation_chars)):
                    self.token += nextchar
                else:
                    if self._punctuation_chars:
                        self._pushback_chars.append(nextchar)
                    else:
                        self.pushback.appendleft(nextchar)
                    self.state = ' '
                    if self._done(quoted):
                        break
                    continue
        result = self.token
        self.token = ''
        if self.posix and not quoted and result == '':
            result = None
        return result

    def error_leader(self, infile=None, lineno=None):
        """Emit a C-compiler-like, Emacs-friendly error-message leader."""
        if infile is None:
            infile = self.infile
        if lineno is None:
            lineno = self.lineno
        return '"%s", line %d: ' % (infile, lineno)

    def __iter__(self):
        return self

    def __next__(self):
        token = self.get_token()
        if token == self.eof:
            raise StopIteration
        return token


def split(s, comments=False, posix=True):
    """Split the string *s* using shell-like syntax."""
    if s is None:
        raise ValueError("s argument must not be None")
    lex = shlex(s, posix=posix)
    lex.whitespace_split = True
    if not comments:
        lex.commenters = ''
    return list(lex)


def join(split_command):
    """Return a shell-escaped string from *split_command*."""
    return ' '.join(quote(arg) for arg in split_command)


_SAFE = frozenset(_ASCII_WORD + '@%+=:,./-')


def quote(s):
    """Return a shell-escaped version of the string *s*."""
    if isinstance(s, (bytes, bytearray)):
        raise TypeError("cannot use a string pattern on a bytes-like object")
    if not isinstance(s, str):
        raise TypeError("expected string or bytes-like object, got '%s'" % type(s).__name__)
    if not s:
        return "''"
    if all(c in _SAFE for c in s):
        return s
    # a single-quoted string cannot hold a single quote: close, emit it inside double quotes, reopen
    return "'" + s.replace("'", "'\"'\"'") + "'"
