# html.parser: HTMLParser, the tolerant tag scanner of CPython 3.12's module. A subclass overrides
# the handle_* callbacks; feed() may be called with any pieces of a document (text that could end
# inside a tag or a character reference waits for the next feed or close()). Tags and attribute
# names are lowercased, attribute values lose their quotes and have their character references
# unescaped (a bare attribute's value is None); with convert_charrefs (the default) text reaches
# handle_data with its references unescaped, else &name; and &#N; go to handle_entityref /
# handle_charref. <script> and <style> bodies are raw text up to their end tag. Comments, <!DOCTYPE>
# declarations, <?...> processing instructions and <![CDATA[...]]> marked sections have their own
# callbacks, and getpos() gives (line, column) as CPython counts them.
import re as _re
from html import unescape as _unescape

__all__ = ['HTMLParser']

_interesting_normal = _re.compile('[&<]')
_incomplete = _re.compile('&[a-zA-Z#]')
_entityref = _re.compile('&([a-zA-Z][-.a-zA-Z0-9]*)[^a-zA-Z0-9]')
_charref = _re.compile('&#(?:[0-9]+|[xX][0-9a-fA-F]+)[^0-9a-fA-F]')
_starttagopen = _re.compile('<[a-zA-Z]')
_piclose = _re.compile('>')
_commentclose = _re.compile(r'--\s*>')
_tagfind = _re.compile(r'([a-zA-Z][^\t\n\r\f />\x00]*)(?:\s|/(?!>))*')
_attrfind = _re.compile(
    r'((?<=[\'"\s/])[^\s/>][^\s/=>]*)(\s*=+\s*'
    r'(\'[^\']*\'|"[^"]*"|(?![\'"])[^>\s]*))?(?:\s|/(?!>))*')
_starttag_end = _re.compile(r"""
  <[a-zA-Z][^\t\n\r\f />\x00]*
  (?:[\s/]*
    (?:(?<=['"\s/])[^\s/>][^\s/=>]*
      (?:\s*=+\s*
        (?:'[^']*'
          |"[^"]*"
          |(?!['"])[^>\s]*
         )
        \s*
       )?(?:\s|/(?!>))*
     )*
   )?
  \s*
""", _re.VERBOSE)
_endendtag = _re.compile('>')
_endtagfind = _re.compile(r'</\s*([a-zA-Z][-.a-zA-Z0-9:_]*)\s*>')
_declname = _re.compile(r'[a-zA-Z][-_.a-zA-Z0-9]*\s*')
_marked_close = _re.compile(r']\s*]\s*>')
_ms_marked_close = _re.compile(r']\s*>')
_space_or_semicolon = _re.compile(r'[\s;]')
# the module-level names CPython's module has (some subclasses use them)
interesting_normal, incomplete, entityref, charref = _interesting_normal, _incomplete, _entityref, _charref
starttagopen, piclose, commentclose, endendtag, endtagfind = _starttagopen, _piclose, _commentclose, _endendtag, _endtagfind
tagfind_tolerant, attrfind_tolerant, locatestarttagend_tolerant = _tagfind, _attrfind, _starttag_end


class HTMLParser:
    CDATA_CONTENT_ELEMENTS = ("script", "style")

    def __init__(self, *, convert_charrefs=True):
        self.convert_charrefs = convert_charrefs
        self.reset()

    def reset(self):
        self.rawdata = ''
        self.lasttag = '???'
        self.interesting = _interesting_normal
        self.cdata_elem = None
        self.lineno = 1
        self.offset = 0
        self._starttag_text = None

    def feed(self, data):
        self.rawdata = self.rawdata + data
        self.goahead(0)

    def close(self):
        self.goahead(1)

    def getpos(self):
        return self.lineno, self.offset

    def get_starttag_text(self):
        return self._starttag_text

    def set_cdata_mode(self, elem):
        self.cdata_elem = elem.lower()
        self.interesting = _re.compile(r'</\s*%s\s*>' % self.cdata_elem, _re.I)

    def clear_cdata_mode(self):
        self.interesting = _interesting_normal
        self.cdata_elem = None

    def updatepos(self, i, j):
        # line and column of j, counting the newlines between i and j
        if i >= j:
            return j
        rawdata = self.rawdata
        lines = rawdata.count("\n", i, j)
        if lines:
            self.lineno = self.lineno + lines
            self.offset = j - (rawdata.rindex("\n", i, j) + 1)
        else:
            self.offset = self.offset + j - i
        return j

    def _text(self, text):
        self.handle_data(_unescape(text) if self.convert_charrefs and not self.cdata_elem else text)

    def goahead(self, end):
        rawdata = self.rawdata
        i = 0
        n = len(rawdata)
        while i < n:
            if self.convert_charrefs and not self.cdata_elem:
                j = rawdata.find('<', i)
                if j < 0:
                    # no tag ahead: text ending in what may be a cut character reference waits
                    amp = rawdata.rfind('&', max(i, n - 34))
                    if amp >= 0 and not _space_or_semicolon.search(rawdata, amp):
                        break
                    j = n
            else:
                m = self.interesting.search(rawdata, i)
                if m:
                    j = m.start()
                else:
                    if self.cdata_elem:
                        break
                    j = n
            if i < j:
                self._text(rawdata[i:j])
            i = self.updatepos(i, j)
            if i == n:
                break
            if rawdata.startswith('<', i):
                if _starttagopen.match(rawdata, i):
                    k = self.parse_starttag(i)
                elif rawdata.startswith("</", i):
                    k = self.parse_endtag(i)
                elif rawdata.startswith("<!--", i):
                    k = self.parse_comment(i)
                elif rawdata.startswith("<?", i):
                    k = self.parse_pi(i)
                elif rawdata.startswith("<!", i):
                    k = self.parse_html_declaration(i)
                elif i + 1 < n:
                    self.handle_data("<")
                    k = i + 1
                else:
                    break
                if k < 0:
                    if not end:
                        break
                    # at close(): what never closed is text, up to its '>' (or the next '<')
                    k = rawdata.find('>', i + 1)
                    if k < 0:
                        k = rawdata.find('<', i + 1)
                        if k < 0:
                            k = i + 1
                    else:
                        k += 1
                    self._text(rawdata[i:k])
                i = self.updatepos(i, k)
            elif rawdata.startswith("&#", i):
                m = _charref.match(rawdata, i)
                if m:
                    self.handle_charref(m.group()[2:-1])
                    k = m.end()
                    if not rawdata.startswith(';', k - 1):
                        k = k - 1
                    i = self.updatepos(i, k)
                    continue
                if ";" in rawdata[i:]:
                    self.handle_data(rawdata[i:i + 2])
                    i = self.updatepos(i, i + 2)
                break
            elif rawdata.startswith('&', i):
                m = _entityref.match(rawdata, i)
                if m:
                    self.handle_entityref(m.group(1))
                    k = m.end()
                    if not rawdata.startswith(';', k - 1):
                        k = k - 1
                    i = self.updatepos(i, k)
                    continue
                m = _incomplete.match(rawdata, i)
                if m:
                    if end and m.group() == rawdata[i:]:
                        k = m.end()
                        if k <= i:
                            k = n
                        i = self.updatepos(i, i + 1)
                    break
                elif i + 1 < n:
                    self.handle_data("&")
                    i = self.updatepos(i, i + 1)
                else:
                    break
        if end and i < n and not self.cdata_elem:
            self._text(rawdata[i:n])
            i = self.updatepos(i, n)
        self.rawdata = rawdata[i:]

    def parse_html_declaration(self, i):
        rawdata = self.rawdata
        if rawdata[i:i + 4] == '<!--':
            return self.parse_comment(i)
        if rawdata[i:i + 3] == '<![':
            return self.parse_marked_section(i)
        if rawdata[i:i + 9].lower() == '<!doctype':
            gt = rawdata.find('>', i + 9)
            if gt == -1:
                return -1
            self.handle_decl(rawdata[i + 2:gt])
            return gt + 1
        return self.parse_bogus_comment(i)

    def parse_bogus_comment(self, i, report=1):
        rawdata = self.rawdata
        pos = rawdata.find('>', i + 2)
        if pos == -1:
            return -1
        if report:
            self.handle_comment(rawdata[i + 2:pos])
        return pos + 1

    def parse_comment(self, i, report=1):
        rawdata = self.rawdata
        m = _commentclose.search(rawdata, i + 4)
        if not m:
            return -1
        if report:
            self.handle_comment(rawdata[i + 4:m.start(0)])
        return m.end(0)

    def parse_marked_section(self, i, report=1):
        rawdata = self.rawdata
        if i + 3 == len(rawdata):
            return -1
        m = _declname.match(rawdata, i + 3)
        if not m:
            self.updatepos(i, i + 3)
            raise AssertionError("expected name token at %r" % rawdata[i:i + 20])
        if m.end() == len(rawdata):  # the name may go on in the next feed
            return -1
        name = m.group().strip().lower()
        if name in {"temp", "cdata", "ignore", "include", "rcdata"}:
            close = _marked_close.search(rawdata, i + 3)
        elif name in {"if", "else", "endif"}:
            close = _ms_marked_close.search(rawdata, i + 3)
        else:
            raise AssertionError('unknown status keyword %r in marked section' % rawdata[i + 3:m.end()])
        if not close:
            return -1
        if report:
            self.unknown_decl(rawdata[i + 3:close.start(0)])
        return close.end(0)

    def parse_pi(self, i):
        rawdata = self.rawdata
        m = _piclose.search(rawdata, i + 2)
        if not m:
            return -1
        self.handle_pi(rawdata[i + 2:m.start()])
        return m.end()

    def parse_starttag(self, i):
        self._starttag_text = None
        endpos = self.check_for_whole_start_tag(i)
        if endpos < 0:
            return endpos
        rawdata = self.rawdata
        self._starttag_text = rawdata[i:endpos]
        attrs = []
        m = _tagfind.match(rawdata, i + 1)
        k = m.end()
        self.lasttag = tag = m.group(1).lower()
        while k < endpos:
            m = _attrfind.match(rawdata, k)
            if not m:
                break
            name, rest, value = m.group(1, 2, 3)
            if not rest:
                value = None
            elif value[:1] == '\'' == value[-1:] or value[:1] == '"' == value[-1:]:
                value = value[1:-1]
            if value:
                value = _unescape(value)
            attrs.append((name.lower(), value))
            k = m.end()
        tail = rawdata[k:endpos].strip()
        if tail not in (">", "/>"):
            self.handle_data(rawdata[i:endpos])
            return endpos
        if tail.endswith('/>'):
            self.handle_startendtag(tag, attrs)
        else:
            self.handle_starttag(tag, attrs)
            if tag in self.CDATA_CONTENT_ELEMENTS:
                self.set_cdata_mode(tag)
        return endpos

    def check_for_whole_start_tag(self, i):
        # where the start tag at i ends, or -1 when the data may end inside it
        rawdata = self.rawdata
        m = _starttag_end.match(rawdata, i)
        j = m.end()
        nxt = rawdata[j:j + 1]
        if nxt == ">":
            return j + 1
        if nxt == "/":
            if rawdata.startswith("/>", j):
                return j + 2
            if rawdata.startswith("/", j):
                return -1
            return j if j > i else i + 1
        if nxt == "":
            return -1
        if nxt in "abcdefghijklmnopqrstuvwxyz=/ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            return -1
        return j if j > i else i + 1

    def parse_endtag(self, i):
        rawdata = self.rawdata
        m = _endendtag.search(rawdata, i + 1)
        if not m:
            return -1
        gtpos = m.end()
        m = _endtagfind.match(rawdata, i)
        if not m:
            if self.cdata_elem is not None:
                self.handle_data(rawdata[i:gtpos])
                return gtpos
            name = _tagfind.match(rawdata, i + 2)
            if not name:
                if rawdata[i:i + 3] == '</>':
                    return i + 3
                return self.parse_bogus_comment(i)
            tag = name.group(1).lower()
            gtpos = rawdata.find('>', name.end())
            self.handle_endtag(tag)
            return gtpos + 1
        elem = m.group(1).lower()
        if self.cdata_elem is not None and elem != self.cdata_elem:
            self.handle_data(rawdata[i:gtpos])
            return gtpos
        self.handle_endtag(elem)
        self.clear_cdata_mode()
        return gtpos

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        self.handle_endtag(tag)

    def handle_starttag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        pass

    def handle_charref(self, name):
        pass

    def handle_entityref(self, name):
        pass

    def handle_data(self, data):
        pass

    def handle_comment(self, data):
        pass

    def handle_decl(self, decl):
        pass

    def handle_pi(self, data):
        pass

    def unknown_decl(self, data):
        pass
