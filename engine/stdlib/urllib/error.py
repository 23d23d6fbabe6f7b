# urllib.error: URLError, HTTPError and ContentTooShortError as CPython 3.11 defines them (URLError is
# an OSError whose str is "<urlopen error REASON>"). Kiln raises URLError from urllib.request because
# it has no network access.


class URLError(OSError):
    def __init__(self, reason, filename=None):
        self.args = (reason,)
        self.reason = reason
        if filename is not None:
            self.filename = filename

    def __str__(self):
        return '<urlopen error %s>' % (self.reason,)


class HTTPError(URLError):
    def __init__(self, url, code, msg, hdrs, fp):
        self.args = (url, code, msg, hdrs, fp)
        self.code = code
        self.msg = msg
        self.hdrs = hdrs
        self.fp = fp
        self.filename = url
        self.url = url

    @property
    def reason(self):
        return self.msg

    @property
    def headers(self):
        return self.hdrs

    def getcode(self):
        return self.code

    def __str__(self):
        return 'HTTP Error %s: %s' % (self.code, self.msg)

    def __repr__(self):
        return '<HTTPError %s: %r>' % (self.code, self.msg)


class ContentTooShortError(URLError):
    def __init__(self, message, content):
        URLError.__init__(self, message)
        self.content = content
