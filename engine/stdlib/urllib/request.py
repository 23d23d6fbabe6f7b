# urllib.request: urlopen, urlretrieve and Request. Kiln runs without network access (natively and in
# the browser), so opening an http(s)/ftp URL raises URLError as CPython does on a machine without a
# network ("<urlopen error [Errno -3] Temporary failure in name resolution>"): programs that catch
# URLError, or that only download when a file is missing, behave as they would offline. file: URLs
# are read from the (sandboxed) file system. Left out: openers and handlers beyond build_opener /
# install_opener returning an opener with the same open(), proxies, authentication, cookies.
import os
from urllib.error import URLError, HTTPError, ContentTooShortError
from urllib.parse import urlparse, unquote, quote

__all__ = ["Request", "OpenerDirector", "build_opener", "install_opener", "urlopen", "urlretrieve",
           "urlcleanup", "pathname2url", "url2pathname", "getproxies", "URLError", "HTTPError"]


class Request:
    def __init__(self, url, data=None, headers={}, origin_req_host=None, unverifiable=False, method=None):
        self.full_url = url
        self.headers = {}
        for key, value in headers.items():
            self.add_header(key, value)
        self.data = data
        self.origin_req_host = origin_req_host
        self.unverifiable = unverifiable
        if method:
            self.method = method

    @property
    def full_url(self):
        if self.fragment:
            return '{}#{}'.format(self._full_url, self.fragment)
        return self._full_url

    @full_url.setter
    def full_url(self, url):
        self._full_url, _, self.fragment = url.partition('#')
        parts = urlparse(self._full_url)
        if not parts.scheme:
            raise ValueError("unknown url type: %r" % self._full_url)
        self.type = parts.scheme
        self.host = parts.netloc
        self.selector = self._full_url.split(parts.netloc, 1)[1] if parts.netloc else parts.path

    def get_method(self):
        default_method = "POST" if self.data is not None else "GET"
        return getattr(self, 'method', default_method)

    def get_full_url(self):
        return self.full_url

    def add_header(self, key, val):
        self.headers[key.capitalize()] = val

    def has_header(self, header_name):
        return header_name in self.headers

    def get_header(self, header_name, default=None):
        return self.headers.get(header_name, default)

    def header_items(self):
        return list(self.headers.items())


class _FileResponse:
    # What urlopen returns for a file: URL (CPython's addinfourl over the open file).
    def __init__(self, url, path):
        self.url = url
        self.status = None
        self.code = None
        self._f = open(path, 'rb')
        self.headers = {'Content-length': str(os.path.getsize(path))}

    def read(self, amt=-1):
        return self._f.read(amt)

    def readline(self):
        return self._f.readline()

    def readlines(self):
        return self._f.readlines()

    def __iter__(self):
        return iter(self._f.readlines())

    def info(self):
        return self.headers

    def geturl(self):
        return self.url

    def getcode(self):
        return self.code

    def close(self):
        self._f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def url2pathname(pathname):
    return unquote(pathname)


def pathname2url(pathname):
    return quote(pathname)


def urlopen(url, data=None, timeout=None, *, cafile=None, capath=None, cadefault=False, context=None):
    req = url if isinstance(url, Request) else Request(url, data)
    if req.type == 'file':
        if req.host not in ('', 'localhost'):
            raise URLError('file not on local host')
        path = url2pathname(urlparse(req.full_url).path)
        try:
            return _FileResponse(req.full_url, path)
        except OSError as exp:
            raise URLError(exp, exp.filename)
    if req.type in ('http', 'https', 'ftp'):
        if not req.host:
            raise URLError('no host given')
        # Offline: name resolution fails, as in CPython without a network.
        import socket
        raise URLError(socket.gaierror(-3, 'Temporary failure in name resolution'))
    raise URLError('unknown url type: %s' % req.type)


def urlretrieve(url, filename=None, reporthook=None, data=None):
    with urlopen(url, data) as fp:
        if filename is None:
            raise URLError('urlretrieve without a filename needs a temporary file, which Kiln does not make here')
        with open(filename, 'wb') as tfp:
            block = fp.read()
            tfp.write(block)
        headers = fp.info()
    return filename, headers


def urlcleanup():
    pass


def getproxies():
    return {}


class OpenerDirector:
    def __init__(self):
        self.addheaders = [('User-agent', 'Python-urllib/3.12')]
        self.handlers = []

    def add_handler(self, handler):
        self.handlers.append(handler)

    def open(self, fullurl, data=None, timeout=None):
        return urlopen(fullurl, data, timeout)


_opener = None


def build_opener(*handlers):
    opener = OpenerDirector()
    for h in handlers:
        opener.add_handler(h)
    return opener


def install_opener(opener):
    global _opener
    _opener = opener
