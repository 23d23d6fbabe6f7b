# urllib.parse: splitting, joining and quoting URLs as CPython 3.11 does (RFC 3986 with CPython's
# choices): urlsplit/urlparse (SplitResult/ParseResult named tuples with hostname, port, username,
# password and geturl), urlunsplit/urlunparse, urljoin, urldefrag, quote/quote_plus/unquote/
# unquote_plus (UTF-8), urlencode, parse_qs/parse_qsl. Left out: the bytes variants (…Bytes results,
# quote_from_bytes with bytes input is accepted), splittype-style deprecated helpers.
from collections import namedtuple

__all__ = ["urlparse", "urlunparse", "urljoin", "urldefrag", "urlsplit", "urlunsplit", "urlencode",
           "parse_qs", "parse_qsl", "quote", "quote_plus", "quote_from_bytes", "unquote",
           "unquote_plus", "unquote_to_bytes", "DefragResult", "ParseResult", "SplitResult"]

uses_relative = ['', 'ftp', 'http', 'gopher', 'nntp', 'imap', 'wais', 'file', 'https', 'shttp', 'mms',
                 'prospero', 'rtsp', 'rtspu', 'sftp', 'svn', 'svn+ssh', 'ws', 'wss']
uses_netloc = ['', 'ftp', 'http', 'gopher', 'nntp', 'telnet', 'imap', 'wais', 'file', 'mms', 'https',
               'shttp', 'snews', 'prospero', 'rtsp', 'rtspu', 'rsync', 'svn', 'svn+ssh', 'sftp', 'nfs',
               'git', 'git+ssh', 'ws', 'wss']
uses_params = ['', 'ftp', 'hdl', 'prospero', 'http', 'imap', 'https', 'shttp', 'rtsp', 'rtspu', 'sip',
               'sips', 'mms', 'sftp', 'tel']
scheme_chars = ('abcdefghijklmnopqrstuvwxyz'
                'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
                '0123456789'
                '+-.')


class _NetlocMixin:
    __slots__ = ()

    @property
    def username(self):
        netloc = self.netloc
        if '@' not in netloc:
            return None
        userinfo = netloc.rpartition('@')[0]
        return userinfo.partition(':')[0]

    @property
    def password(self):
        netloc = self.netloc
        if '@' not in netloc:
            return None
        userinfo = netloc.rpartition('@')[0]
        user, have, pw = userinfo.partition(':')
        return pw if have else None

    @property
    def _hostinfo(self):
        hostinfo = self.netloc.rpartition('@')[2]
        _, have_open_br, bracketed = hostinfo.partition('[')
        if have_open_br:
            hostname, _, port = bracketed.partition(']')
            _, _, port = port.partition(':')
        else:
            hostname, _, port = hostinfo.partition(':')
        if not port:
            port = None
        return hostname, port

    @property
    def hostname(self):
        hostname = self._hostinfo[0]
        if not hostname:
            return None
        separator = '%'
        hostname, percent, zone = hostname.partition(separator)
        return hostname.lower() + percent + zone

    @property
    def port(self):
        port = self._hostinfo[1]
        if port is not None:
            if port.isdigit() and port.isascii():
                port = int(port)
            else:
                raise ValueError(f"Port could not be cast to integer value as {port!r}")
            if not (0 <= port <= 65535):
                raise ValueError("Port out of range 0-65535")
        return port


class SplitResult(namedtuple('SplitResult', 'scheme netloc path query fragment'), _NetlocMixin):
    __slots__ = ()

    def geturl(self):
        return urlunsplit(self)


class ParseResult(namedtuple('ParseResult', 'scheme netloc path params query fragment'), _NetlocMixin):
    __slots__ = ()

    def geturl(self):
        return urlunparse(self)


class DefragResult(namedtuple('DefragResult', 'url fragment')):
    __slots__ = ()

    def geturl(self):
        if self.fragment:
            return self.url + '#' + self.fragment
        return self.url


def _splitnetloc(url, start=0):
    delim = len(url)
    for c in '/?#':
        wdelim = url.find(c, start)
        if wdelim >= 0:
            delim = min(delim, wdelim)
    return url[start:delim], url[delim:]


def urlsplit(url, scheme='', allow_fragments=True):
    url = url.lstrip(''.join(chr(c) for c in range(33)))
    for b in '\t\r\n':
        url = url.replace(b, '')
        scheme = scheme.replace(b, '')
    netloc = query = fragment = ''
    i = url.find(':')
    if i > 0 and url[0].isascii() and url[0].isalpha():
        for c in url[:i]:
            if c not in scheme_chars:
                break
        else:
            scheme, url = url[:i].lower(), url[i + 1:]
    if url[:2] == '//':
        netloc, url = _splitnetloc(url, 2)
        if (('[' in netloc and ']' not in netloc) or (']' in netloc and '[' not in netloc)):
            raise ValueError("Invalid IPv6 URL")
    if allow_fragments and '#' in url:
        url, fragment = url.split('#', 1)
    if '?' in url:
        url, query = url.split('?', 1)
    return SplitResult(scheme, netloc, url, query, fragment)


def _splitparams(url):
    if '/' in url:
        i = url.find(';', url.rfind('/'))
        if i < 0:
            return url, ''
    else:
        i = url.find(';')
    return url[:i], url[i + 1:]


def urlparse(url, scheme='', allow_fragments=True):
    scheme, netloc, url, query, fragment = urlsplit(url, scheme, allow_fragments)
    if scheme in uses_params and ';' in url:
        url, params = _splitparams(url)
    else:
        params = ''
    return ParseResult(scheme, netloc, url, params, query, fragment)


def urlunsplit(components):
    scheme, netloc, url, query, fragment = components
    if netloc or (scheme and scheme in uses_netloc and url[:2] != '//'):
        if url and url[:1] != '/':
            url = '/' + url
        url = '//' + (netloc or '') + url
    if scheme:
        url = scheme + ':' + url
    if query:
        url = url + '?' + query
    if fragment:
        url = url + '#' + fragment
    return url


def urlunparse(components):
    scheme, netloc, url, params, query, fragment = components
    if params:
        url = "%s;%s" % (url, params)
    return urlunsplit((scheme, netloc, url, query, fragment))


def urljoin(base, url, allow_fragments=True):
    if not base:
        return url
    if not url:
        return base
    bscheme, bnetloc, bpath, bparams, bquery, bfragment = urlparse(base, '', allow_fragments)
    scheme, netloc, path, params, query, fragment = urlparse(url, bscheme, allow_fragments)
    if scheme != bscheme or scheme not in uses_relative:
        return url
    if scheme in uses_netloc:
        if netloc:
            return urlunparse((scheme, netloc, path, params, query, fragment))
        netloc = bnetloc
    if not path and not params:
        path = bpath
        params = bparams
        if not query:
            query = bquery
        return urlunparse((scheme, netloc, path, params, query, fragment))
    base_parts = bpath.split('/')
    if base_parts[-1] != '':
        del base_parts[-1]
    if path[:1] == '/':
        segments = path.split('/')
    else:
        segments = base_parts + path.split('/')
        segments[1:-1] = [s for s in segments[1:-1] if s]  # no empty segments: they would double slashes
    resolved_path = []
    for seg in segments:
        if seg == '..':
            try:
                resolved_path.pop()
            except IndexError:
                pass
        elif seg == '.':
            continue
        else:
            resolved_path.append(seg)
    if segments[-1] in ('.', '..'):
        resolved_path.append('')
    return urlunparse((scheme, netloc, '/'.join(resolved_path) or '/', params, query, fragment))


def urldefrag(url):
    if '#' in url:
        s, n, p, a, q, frag = urlparse(url)
        defrag = urlunparse((s, n, p, a, q, ''))
    else:
        frag = ''
        defrag = url
    return DefragResult(defrag, frag)


_ALWAYS_SAFE = frozenset(b'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
                         b'abcdefghijklmnopqrstuvwxyz'
                         b'0123456789'
                         b'_.-~')


def quote_from_bytes(bs, safe='/'):
    if not isinstance(bs, (bytes, bytearray)):
        raise TypeError("quote_from_bytes() expected bytes")
    if not bs:
        return ''
    if isinstance(safe, str):
        safe = safe.encode('ascii', 'ignore')
    else:
        safe = bytes([c for c in safe if c < 128])
    ok = _ALWAYS_SAFE | frozenset(safe)
    return ''.join(chr(b) if b in ok else '%{:02X}'.format(b) for b in bs)


def quote(string, safe='/', encoding=None, errors=None):
    if isinstance(string, str):
        if not string:
            return string
        string = string.encode(encoding or 'utf-8', errors or 'strict')
    else:
        if encoding is not None:
            raise TypeError("quote() doesn't support 'encoding' for bytes")
        if errors is not None:
            raise TypeError("quote() doesn't support 'errors' for bytes")
    return quote_from_bytes(string, safe)


def quote_plus(string, safe='', encoding=None, errors=None):
    if ((isinstance(string, str) and ' ' not in string) or
            (isinstance(string, bytes) and b' ' not in string)):
        return quote(string, safe, encoding, errors)
    if isinstance(safe, str):
        space = ' '
    else:
        space = b' '
    string = quote(string, safe + space, encoding, errors)
    return string.replace(' ', '+')


_HEX = '0123456789ABCDEFabcdef'


def unquote_to_bytes(string):
    if not string:
        return b''
    if isinstance(string, str):
        string = string.encode('utf-8')
    parts = string.split(b'%')
    if len(parts) == 1:
        return string
    res = [parts[0]]
    for item in parts[1:]:
        h = item[:2].decode('latin-1')
        if len(h) == 2 and h[0] in _HEX and h[1] in _HEX:
            res.append(bytes([int(h, 16)]))
            res.append(item[2:])
        else:
            res.append(b'%')
            res.append(item)
    return b''.join(res)


def unquote(string, encoding='utf-8', errors='replace'):
    if isinstance(string, bytes):
        return unquote_to_bytes(string).decode(encoding, errors)
    if '%' not in string:
        return string
    return unquote_to_bytes(string).decode(encoding or 'utf-8', errors or 'replace')


def unquote_plus(string, encoding='utf-8', errors='replace'):
    string = string.replace('+', ' ')
    return unquote(string, encoding, errors)


def parse_qsl(qs, keep_blank_values=False, strict_parsing=False, encoding='utf-8', errors='replace',
              max_num_fields=None, separator='&'):
    if not separator or not isinstance(separator, (str, bytes)):
        raise ValueError("Separator must be of type string or bytes.")
    if max_num_fields is not None:
        num_fields = 1 + qs.count(separator) if qs else 0
        if max_num_fields < num_fields:
            raise ValueError('Max number of fields exceeded')
    r = []
    for name_value in (qs.split(separator) if qs else []):
        if not name_value and not strict_parsing:
            continue
        nv = name_value.split('=', 1)
        if len(nv) != 2:
            if strict_parsing:
                raise ValueError("bad query field: %r" % (name_value,))
            if keep_blank_values:
                nv.append('')
            else:
                continue
        if len(nv[1]) or keep_blank_values:
            name = unquote(nv[0].replace('+', ' '), encoding=encoding, errors=errors)
            value = unquote(nv[1].replace('+', ' '), encoding=encoding, errors=errors)
            r.append((name, value))
    return r


def parse_qs(qs, keep_blank_values=False, strict_parsing=False, encoding='utf-8', errors='replace',
             max_num_fields=None, separator='&'):
    parsed_result = {}
    pairs = parse_qsl(qs, keep_blank_values, strict_parsing, encoding=encoding, errors=errors,
                      max_num_fields=max_num_fields, separator=separator)
    for name, value in pairs:
        if name in parsed_result:
            parsed_result[name].append(value)
        else:
            parsed_result[name] = [value]
    return parsed_result


def urlencode(query, doseq=False, safe='', encoding=None, errors=None, quote_via=quote_plus):
    if hasattr(query, "items"):
        query = query.items()
    else:
        try:
            if len(query) and not isinstance(query[0], tuple):
                raise TypeError
        except TypeError:
            raise TypeError("not a valid non-string sequence or mapping object") from None
    l = []
    for k, v in query:
        k = quote_via(k if isinstance(k, (str, bytes)) else str(k), safe, encoding, errors)
        if not doseq or isinstance(v, (str, bytes)):
            v = quote_via(v if isinstance(v, (str, bytes)) else str(v), safe, encoding, errors)
            l.append(k + '=' + v)
        else:
            try:
                len(v)
            except TypeError:
                v = quote_via(str(v), safe, encoding, errors)
                l.append(k + '=' + v)
            else:
                for elt in v:
                    elt = quote_via(elt if isinstance(elt, (str, bytes)) else str(elt), safe, encoding, errors)
                    l.append(k + '=' + elt)
    return '&'.join(l)
