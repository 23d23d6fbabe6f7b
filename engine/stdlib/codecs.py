# codecs: open (text files in any encoding bytes.decode/str.encode know: utf-8, ascii, latin-1,
# utf-16 and utf-32 (-le, -be) and their aliases; UTF-8 through Kiln's own text files, the others decoded/encoded over a binary file),
# encode/decode, lookup (CodecInfo with encode/decode), the BOM constants, and the 'strict' /
# 'ignore' / 'replace' error handler names, and getwriter / getreader with CPython's StreamWriter /
# StreamReader (a text view of a binary stream: `sys.stderr = codecs.getwriter('UTF-8')(sys.stderr.buffer)`
# in subword-nmt's learn_bpe.py; unknown attributes go to the stream, as CPython's __getattr__).
# Left out: incremental encoders/decoders, register (NotImplementedError), encodings bytes.decode
# does not know.
import io as _io
import builtins as _builtins

_builtin_open = _builtins.open

BOM_UTF8 = b'\xef\xbb\xbf'
BOM_LE = BOM_UTF16_LE = b'\xff\xfe'
BOM_BE = BOM_UTF16_BE = b'\xfe\xff'
BOM_UTF32_LE = b'\xff\xfe\x00\x00'
BOM_UTF32_BE = b'\x00\x00\xfe\xff'
BOM = BOM_UTF16 = BOM_UTF16_LE
BOM_UTF32 = BOM_UTF32_LE

_ALIASES = {'utf8': 'utf-8', 'utf_8': 'utf-8', 'u8': 'utf-8', 'utf-8': 'utf-8', 'utf-8-sig': 'utf-8-sig',
            'utf_8_sig': 'utf-8-sig', 'ascii': 'ascii', 'us-ascii': 'ascii', 'latin-1': 'latin-1',
            'latin1': 'latin-1', 'latin_1': 'latin-1', 'iso-8859-1': 'latin-1', 'iso8859-1': 'latin-1', 'l1': 'latin-1'}
for _w in ('16', '32'):
    for _k in ('utf-' + _w, 'utf' + _w, 'utf_' + _w, 'u' + _w):
        _ALIASES[_k.lower()] = 'utf-' + _w
    for _o in ('le', 'be'):
        for _k in ('utf-%s-%s', 'utf_%s_%s', 'utf%s%s', 'utf-%s%s', 'utf_%s%s'):
            _ALIASES[_k % (_w, _o)] = 'utf-%s-%s' % (_w, _o)
del _w, _k, _o


def _norm(encoding):
    key = encoding.lower().replace(' ', '-')
    if key not in _ALIASES:
        raise LookupError("unknown encoding: %s" % encoding)
    return _ALIASES[key]


class CodecInfo(tuple):
    def __new__(cls, encode, decode, streamreader=None, streamwriter=None, incrementalencoder=None,
                incrementaldecoder=None, name=None):
        self = tuple.__new__(cls, (encode, decode, streamreader, streamwriter))
        return self

    def __init__(self, encode, decode, streamreader=None, streamwriter=None, incrementalencoder=None,
                 incrementaldecoder=None, name=None):
        self.name = name
        self.encode = encode
        self.decode = decode

    def __repr__(self):
        return "<codecs.CodecInfo object for encoding %s at %#x>" % (self.name, id(self))


def lookup(encoding):
    name = _norm(encoding)

    def enc(s, errors='strict'):
        return encode(s, name, errors), len(s)

    def dec(b, errors='strict'):
        return decode(b, name, errors), len(b)
    return CodecInfo(enc, dec, name=name)


def encode(obj, encoding='utf-8', errors='strict'):
    name = _norm(encoding)
    if name == 'utf-8-sig':
        return BOM_UTF8 + obj.encode('utf-8', errors)
    return obj.encode(name, errors)


def decode(obj, encoding='utf-8', errors='strict'):
    name = _norm(encoding)
    data = bytes(obj)
    if name == 'utf-8-sig':
        if data.startswith(BOM_UTF8):
            data = data[3:]
        return data.decode('utf-8', errors)
    return data.decode(name, errors)


class _EncodedFile:
    def __init__(self, f, mode, name, errors):
        self._f = f
        self._mode = mode
        self._enc = name
        self._errors = errors
        self.encoding = name
        if 'r' in mode or '+' in mode:
            self._text = _io.StringIO(decode(f.read(), name, errors))
        self._out = []

    def read(self, size=-1):
        return self._text.read(size)

    def readline(self, size=-1):
        return self._text.readline(size)

    def readlines(self, sizehint=None):
        return self._text.readlines()

    def __iter__(self):
        return iter(self._text.readlines())

    def write(self, s):
        self._f.write(encode(s, self._enc, self._errors))
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def close(self):
        self._f.close()

    @property
    def closed(self):
        return self._f.closed

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def open(filename, mode='r', encoding=None, errors='strict', buffering=-1):
    if encoding is None or _norm(encoding) == 'utf-8':
        return _builtin_open(filename, mode.replace('b', ''), encoding='utf-8')
    name = _norm(encoding)
    bmode = mode.replace('t', '')
    if 'b' not in bmode:
        bmode += 'b'
    return _EncodedFile(_builtin_open(filename, bmode), mode, name, errors)




def register(search_function):
    raise NotImplementedError("codecs.register is not supported in Kiln")


class Codec:
    def encode(self, input, errors='strict'):
        raise NotImplementedError

    def decode(self, input, errors='strict'):
        raise NotImplementedError


class StreamWriter(Codec):
    def __init__(self, stream, errors='strict'):
        self.stream = stream
        self.errors = errors

    def write(self, object):
        data, consumed = self.encode(object, self.errors)
        self.stream.write(data)

    def writelines(self, list):
        self.write(''.join(list))

    def reset(self):
        pass

    def seek(self, offset, whence=0):
        self.stream.seek(offset, whence)
        if whence == 0 and offset == 0:
            self.reset()

    def __getattr__(self, name):
        return getattr(self.stream, name)

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.stream.close()


class StreamReader(Codec):
    def __init__(self, stream, errors='strict'):
        self.stream = stream
        self.errors = errors

    def read(self, size=-1, chars=-1, firstline=False):
        data = self.stream.read() if size < 0 else self.stream.read(size)
        text, consumed = self.decode(data, self.errors)
        return text if chars < 0 else text[:chars]

    def readline(self, size=None, keepends=True):
        text, consumed = self.decode(self.stream.readline(), self.errors)
        return text if keepends else text.rstrip('\r\n')

    def readlines(self, sizehint=None, keepends=True):
        return self.read().splitlines(keepends)

    def reset(self):
        pass

    def __next__(self):
        line = self.readline()
        if line:
            return line
        raise StopIteration

    def __iter__(self):
        return self

    def __getattr__(self, name):
        return getattr(self.stream, name)

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.stream.close()


def _stream_class(base, encoding):
    info = lookup(encoding)
    return type(base.__name__, (base,), {'encode': lambda self, input, errors='strict': info.encode(input, errors),
                                         'decode': lambda self, input, errors='strict': info.decode(input, errors),
                                         '__module__': 'encodings.' + info.name.replace('-', '_')})


def getreader(encoding):
    return _stream_class(StreamReader, encoding)


def getwriter(encoding):
    return _stream_class(StreamWriter, encoding)
