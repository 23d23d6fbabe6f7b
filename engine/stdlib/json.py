# json, the parts in Kiln's Python (the native factory, engine/vm/host_json.cpp, runs first and
# provides dumps/dump/loads/load and JSONDecodeError): JSONEncoder / JSONDecoder classes and the
# cls= argument of dumps/dump/loads/load, which calls them as CPython does (an encoder subclass
# overriding default(); a decoder with object_hook / object_pairs_hook). Left out: subclasses that
# override encode()/iterencode() get them called, but JSONEncoder.iterencode yields the whole text
# at once (not chunks); parse_float/parse_int/parse_constant stay unsupported.

_native_dumps = dumps
_native_loads = loads


class JSONEncoder:
    item_separator = ', '
    key_separator = ': '

    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True,
                 sort_keys=False, indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ','
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError('Object of type %s is not JSON serializable' % o.__class__.__name__)

    def encode(self, o):
        return _native_dumps(o, skipkeys=self.skipkeys, ensure_ascii=self.ensure_ascii,
                             check_circular=self.check_circular, allow_nan=self.allow_nan, indent=self.indent,
                             separators=(self.item_separator, self.key_separator), default=self.default,
                             sort_keys=self.sort_keys)

    def iterencode(self, o, _one_shot=False):
        yield self.encode(o)


class JSONDecoder:
    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None, parse_constant=None, strict=True,
                 object_pairs_hook=None):
        if parse_float is not None or parse_int is not None or parse_constant is not None:
            raise NotImplementedError("json.JSONDecoder(parse_float=/parse_int=/parse_constant=) is not supported in Kiln")
        self.object_hook = object_hook
        self.object_pairs_hook = object_pairs_hook
        self.strict = strict

    def decode(self, s):
        return _native_loads(s, object_hook=self.object_hook, object_pairs_hook=self.object_pairs_hook)

    def raw_decode(self, s, idx=0):
        # the longest prefix that parses: one JSON value followed by anything
        text = s[idx:]
        stripped = text.lstrip()
        start = len(text) - len(stripped)
        try:
            return self.decode(stripped), idx + len(text)
        except JSONDecodeError as e:
            end = start + e.pos
            if e.msg == 'Extra data':
                return self.decode(text[:end]), idx + len(text[:end].rstrip())
            raise


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
          separators=None, default=None, sort_keys=False, **kw):
    if cls is None and not kw:
        return _native_dumps(obj, skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular,
                             allow_nan=allow_nan, indent=indent, separators=separators, default=default,
                             sort_keys=sort_keys)
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular, allow_nan=allow_nan,
               indent=indent, separators=separators, default=default, sort_keys=sort_keys, **kw).encode(obj)


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None,
         separators=None, default=None, sort_keys=False, **kw):
    fp.write(dumps(obj, skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular,
                   allow_nan=allow_nan, cls=cls, indent=indent, separators=separators, default=default,
                   sort_keys=sort_keys, **kw))


def _document_encoding(b):
    # json.detect_encoding: a BOM, else where the zero bytes of the first (ASCII) characters fall
    if b[:4] in (b'\x00\x00\xfe\xff', b'\xff\xfe\x00\x00'):
        return 'utf-32'
    if b[:2] in (b'\xfe\xff', b'\xff\xfe'):
        return 'utf-16'
    if b[:3] == b'\xef\xbb\xbf':
        return 'utf-8-sig'
    if len(b) >= 4:
        if not b[0]:
            return 'utf-16-be' if b[1] else 'utf-32-be'
        if not b[1]:
            return 'utf-16-le' if b[2] or b[3] else 'utf-32-le'
    elif len(b) == 2:
        if not b[0]:
            return 'utf-16-be'
        if not b[1]:
            return 'utf-16-le'
    return 'utf-8'


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
          object_pairs_hook=None, **kw):
    # a bytes document is decoded first (its encoding detected), anything else but str refused
    # (strictly: Kiln's codecs have no 'surrogatepass', so an encoded lone surrogate is an error)
    if isinstance(s, (bytes, bytearray)):
        s = s.decode(_document_encoding(s))
    elif not isinstance(s, str):
        raise TypeError(f'the JSON object must be str, bytes or bytearray, not {s.__class__.__name__}')
    if cls is None and not kw:
        return _native_loads(s, object_hook=object_hook, parse_float=parse_float, parse_int=parse_int,
                             parse_constant=parse_constant, object_pairs_hook=object_pairs_hook)
    if cls is None:
        cls = JSONDecoder
    return cls(object_hook=object_hook, parse_float=parse_float, parse_int=parse_int, parse_constant=parse_constant,
               object_pairs_hook=object_pairs_hook, **kw).decode(s)


def load(fp, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
         object_pairs_hook=None, **kw):
    return loads(fp.read(), cls=cls, object_hook=object_hook, parse_float=parse_float, parse_int=parse_int,
                 parse_constant=parse_constant, object_pairs_hook=object_pairs_hook, **kw)
