# xml.etree.ElementTree in Kiln's Python: CPython 3.11's element API over a small non-validating parser
# (CPython parses with expat; this one reads the same well-formed documents into the same trees).
#
# Element (tag, attrib, text, tail, children; get/set/keys/items, find/findall/findtext/iterfind with
# ElementPath's subset: tag, *, ., .., //, [@attr], [@attr='v'], [tag], [tag='text'], [n], [last()]),
# iter/itertext, SubElement, ElementTree (parse, getroot, write), parse, fromstring/XML,
# fromstringlist, tostring/tostringlist, dump, iterparse's plain form is left out.
# The parser: elements, attributes in single or double quotes, character and entity references
# (the five predefined ones, &#N; and &#xN;), CDATA sections, comments, processing instructions and the
# XML declaration (skipped, as XMLParser does by default), a DOCTYPE without an internal subset.
# Errors are ParseError (a SyntaxError) with expat's wording and its (line, column) position for the
# common cases: no element found, mismatched tag, junk after document element, unclosed token,
# undefined entity, not well-formed.

__all__ = ["Comment", "dump", "Element", "ElementTree", "fromstring", "fromstringlist", "indent", "iselement",
           "iterparse", "parse", "ParseError", "PI", "ProcessingInstruction", "QName", "SubElement", "tostring",
           "tostringlist", "TreeBuilder", "VERSION", "XML", "XMLID", "XMLParser", "XMLPullParser",
           "register_namespace", "canonicalize", "C14NWriterTarget"]

VERSION = "1.3.0"


class ParseError(SyntaxError):
    pass


def iselement(element):
    return hasattr(element, "tag")


class Element:
    def __init__(self, tag, attrib={}, **extra):
        if not isinstance(attrib, dict):
            raise TypeError("attrib must be dict, not %s" % (attrib.__class__.__name__,))
        self.tag = tag
        self.attrib = {**attrib, **extra}
        self._children = []
        self.text = None
        self.tail = None

    def __repr__(self):
        return "<%s %r at %#x>" % (self.__class__.__name__, self.tag, id(self))

    def makeelement(self, tag, attrib):
        return self.__class__(tag, attrib)

    def __copy__(self):
        # CPython's C Element shares the attrib dict with its shallow copy.
        elem = self.makeelement(self.tag, {})
        elem.attrib = self.attrib
        elem.text = self.text
        elem.tail = self.tail
        elem[:] = self
        return elem

    def __len__(self):
        return len(self._children)

    def __bool__(self):
        import warnings
        warnings.warn(
            "Testing an element's truth value will raise an exception in future versions.  "
            "Use specific 'len(elem)' or 'elem is not None' test instead.",
            DeprecationWarning, stacklevel=2)
        return len(self._children) != 0

    def __getitem__(self, index):
        return self._children[index]

    def __setitem__(self, index, element):
        if isinstance(index, slice):
            for elt in element:
                self._assert_is_element(elt)
        else:
            self._assert_is_element(element)
        self._children[index] = element

    def __delitem__(self, index):
        del self._children[index]

    def __iter__(self):
        return iter(self._children)

    def append(self, subelement):
        self._assert_is_element(subelement)
        self._children.append(subelement)

    def extend(self, elements):
        for element in elements:
            self._assert_is_element(element)
            self._children.append(element)

    def insert(self, index, subelement):
        self._assert_is_element(subelement)
        self._children.insert(index, subelement)

    def _assert_is_element(self, e):
        if not isinstance(e, Element):
            raise TypeError("expected an Element, not %s" % type(e).__name__)

    def remove(self, subelement):
        for i, child in enumerate(self._children):
            if child is subelement:
                del self._children[i]
                return
        raise ValueError("list.remove(x): x not in list")

    def find(self, path, namespaces=None):
        for e in _select(self, path):
            return e
        return None

    def findtext(self, path, default=None, namespaces=None):
        for e in _select(self, path):
            return e.text or ""
        return default

    def findall(self, path, namespaces=None):
        return list(_select(self, path))

    def iterfind(self, path, namespaces=None):
        return iter(_select(self, path))

    def clear(self):
        self.attrib.clear()
        self._children = []
        self.text = self.tail = None

    def get(self, key, default=None):
        return self.attrib.get(key, default)

    def set(self, key, value):
        self.attrib[key] = value

    def keys(self):
        return self.attrib.keys()

    def items(self):
        return self.attrib.items()

    def iter(self, tag=None):
        if tag == "*":
            tag = None
        if tag is None or self.tag == tag:
            yield self
        for e in self._children:
            yield from e.iter(tag)

    def itertext(self):
        tag = self.tag
        if not isinstance(tag, str) and tag is not None:
            return
        t = self.text
        if t:
            yield t
        for e in self:
            yield from e.itertext()
            t = e.tail
            if t:
                yield t


def SubElement(parent, tag, attrib={}, **extra):
    attrib = {**attrib, **extra}
    element = parent.makeelement(tag, attrib)
    parent.append(element)
    return element


def Comment(text=None):
    element = Element(Comment)
    element.text = text
    return element


def ProcessingInstruction(target, text=None):
    element = Element(ProcessingInstruction)
    element.text = target
    if text:
        element.text = element.text + " " + text
    return element


PI = ProcessingInstruction


class QName:
    def __init__(self, text_or_uri, tag=None):
        if tag:
            text_or_uri = "{%s}%s" % (text_or_uri, tag)
        self.text = text_or_uri

    def __str__(self):
        return self.text

    def __repr__(self):
        return '<%s %r>' % (self.__class__.__name__, self.text)

    def __hash__(self):
        return hash(self.text)

    def __eq__(self, other):
        if isinstance(other, QName):
            return self.text == other.text
        return self.text == other


# ---- ElementPath (the subset above) ------------------------------------------------------------------


def _tokens(path):
    # ElementPath's tokenizer, simplified: '/', '//', '.', '..', '*', names, '[' predicate ']'.
    out = []
    i, n = 0, len(path)
    while i < n:
        c = path[i]
        if c == "/":
            if path.startswith("//", i):
                out.append("//")
                i += 2
            else:
                out.append("/")
                i += 1
        elif c == "[":
            j = path.find("]", i)
            if j < 0:
                raise SyntaxError("expected ']'")
            out.append(path[i:j + 1])
            i = j + 1
        elif path.startswith("..", i):
            out.append("..")
            i += 2
        else:
            j = i
            while j < n and path[j] not in "/[":
                j += 1
            out.append(path[i:j])
            i = j
    return out


def _parents(root):
    return {c: p for p in root.iter() for c in p}


def _predicate(pred, elems, parent_map):
    body = pred[1:-1].strip()
    if body.startswith("@"):
        if "=" in body:
            key, value = body[1:].split("=", 1)
            value = value.strip()[1:-1]
            return [e for e in elems if e.get(key.strip()) == value]
        return [e for e in elems if e.get(body[1:]) is not None]
    if body == "last()" or body.startswith("last()"):
        index = -1
        if body != "last()":
            index = -1 - int(body[len("last()"):].strip().lstrip("-").strip() or 0)
        return _positional(elems, index, parent_map)
    if body.isdigit():
        index = int(body) - 1
        if index < 0:
            raise SyntaxError("XPath position >= 1 expected")
        return _positional(elems, index, parent_map)
    if "=" in body:
        tag, value = body.split("=", 1)
        tag = tag.strip()
        value = value.strip()[1:-1]
        if tag == ".":
            return [e for e in elems if "".join(e.itertext()) == value]
        return [e for e in elems if any("".join(c.itertext()) == value for c in e.findall(tag))]
    return [e for e in elems if e.find(body) is not None]


def _positional(elems, index, parent_map):
    # [n] and [last()] count among the element's siblings with the same tag.
    out = []
    for e in elems:
        parent = parent_map.get(e)
        if parent is None:
            continue
        same = [s for s in parent if s.tag == e.tag]
        try:
            if same[index] is e:
                out.append(e)
        except IndexError:
            pass
    return out


def _select(elem, path):
    if path[-1:] == "/":
        path = path + "*"  # implicit all, as ElementPath
    if path[:1] == "/":
        raise SyntaxError("cannot use absolute path on element")
    tokens = _tokens(path)
    parent_map = None
    current = [elem]
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok == "/":
            i += 1
            continue
        if tok == "//":
            i += 1
            if i >= len(tokens) or tokens[i].startswith("["):
                raise SyntaxError("invalid descendant")
            tok = tokens[i]
            seen = set()
            nxt = []
            for e in current:
                for d in e.iter(None if tok in ("*", ".") else tok):
                    if d is e and tok != ".":
                        continue
                    if id(d) not in seen:
                        seen.add(id(d))
                        nxt.append(d)
            current = nxt
        elif tok == ".":
            pass
        elif tok == "..":
            if parent_map is None:
                parent_map = _parents(elem)
            nxt = []
            for e in current:
                p = parent_map.get(e)
                if p is not None and p not in nxt:
                    nxt.append(p)
            current = nxt
        elif tok.startswith("["):
            if parent_map is None:
                parent_map = _parents(elem)
            current = _predicate(tok, current, parent_map)
        else:
            current = [c for e in current for c in e if tok == "*" or c.tag == tok]
        i += 1
    return current


# ---- ElementTree and serialization ------------------------------------------------------------------


class ElementTree:
    def __init__(self, element=None, file=None):
        self._root = element
        if file:
            self.parse(file)

    def getroot(self):
        return self._root

    def _setroot(self, element):
        self._root = element

    def parse(self, source, parser=None):
        close_source = False
        if not hasattr(source, "read"):
            source = open(source, "rb")
            close_source = True
        try:
            data = source.read()
        finally:
            if close_source:
                source.close()
        self._root = _parse_document(data)
        return self._root

    def iter(self, tag=None):
        return self._root.iter(tag)

    def find(self, path, namespaces=None):
        if path[:1] == "/":
            path = "." + path
        return self._root.find(path, namespaces)

    def findtext(self, path, default=None, namespaces=None):
        if path[:1] == "/":
            path = "." + path
        return self._root.findtext(path, default, namespaces)

    def findall(self, path, namespaces=None):
        if path[:1] == "/":
            path = "." + path
        return self._root.findall(path, namespaces)

    def iterfind(self, path, namespaces=None):
        if path[:1] == "/":
            path = "." + path
        return self._root.iterfind(path, namespaces)

    def write(self, file_or_filename, encoding=None, xml_declaration=None, default_namespace=None, method=None,
              *, short_empty_elements=True):
        if not encoding:
            encoding = "us-ascii"
        text = _serialize(self._root, short_empty_elements)
        if xml_declaration or (xml_declaration is None and encoding.lower() not in ("utf-8", "us-ascii", "unicode")):
            declared = "utf-8" if encoding.lower() == "unicode" else encoding
            text = "<?xml version='1.0' encoding='%s'?>\n" % (declared,) + text
        if encoding.lower() == "unicode":
            data = text
        else:
            data = _encode(text, encoding)
        if hasattr(file_or_filename, "write"):
            file_or_filename.write(data)
        else:
            with open(file_or_filename, "w" if encoding.lower() == "unicode" else "wb") as f:
                f.write(data)


def _encode(text, encoding):
    if encoding.lower() in ("us-ascii", "ascii"):
        return "".join(c if ord(c) < 128 else "&#%d;" % ord(c) for c in text).encode("ascii")
    return text.encode(encoding, "xmlcharrefreplace")


def _escape_cdata(text):
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _escape_attrib(text):
    text = _escape_cdata(text)
    for a, b in (('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;")):
        text = text.replace(a, b)
    return text


def _serialize(elem, short_empty_elements):
    out = []
    _write(out, elem, short_empty_elements)
    return "".join(out)


def _write(out, elem, short_empty_elements):
    tag = elem.tag
    text = elem.text
    if tag is Comment:
        out.append("<!--%s-->" % text)
    elif tag is ProcessingInstruction:
        out.append("<?%s?>" % text)
    else:
        out.append("<" + str(tag))
        for k, v in elem.attrib.items():
            out.append(' %s="%s"' % (k, _escape_attrib(str(v))))
        if text or len(elem) or not short_empty_elements:
            out.append(">")
            if text:
                out.append(_escape_cdata(text))
            for e in elem:
                _write(out, e, short_empty_elements)
            out.append("</" + str(tag) + ">")
        else:
            out.append(" />")
    if elem.tail:
        out.append(_escape_cdata(elem.tail))


def tostring(element, encoding=None, method=None, *, xml_declaration=None, default_namespace=None,
             short_empty_elements=True):
    text = _serialize(element, short_empty_elements)
    enc = encoding or "us-ascii"
    if xml_declaration or (xml_declaration is None and encoding is not None
                           and enc.lower() not in ("utf-8", "us-ascii", "unicode")):
        declared = "utf-8" if enc.lower() == "unicode" else enc
        text = "<?xml version='1.0' encoding='%s'?>\n" % (declared,) + text
    if enc.lower() == "unicode":
        return text
    return _encode(text, enc)


def tostringlist(element, encoding=None, method=None, *, xml_declaration=None, default_namespace=None,
                 short_empty_elements=True):
    return [tostring(element, encoding, method, xml_declaration=xml_declaration,
                     short_empty_elements=short_empty_elements)]


def dump(elem):
    if not isinstance(elem, ElementTree):
        elem = ElementTree(elem)
    text = _serialize(elem.getroot(), True)
    import sys
    sys.stdout.write(text)
    tail = elem.getroot().tail
    if not tail or tail[-1] != "\n":
        sys.stdout.write("\n")


def indent(tree, space="  ", level=0):
    if isinstance(tree, ElementTree):
        tree = tree.getroot()
    if level < 0:
        raise ValueError(f"Initial indentation level must be >= 0, got {level}")
    if not len(tree):
        return
    indentations = ["\n" + level * space]

    def _indent_children(elem, level):
        child_level = level + 1
        try:
            child_indentation = indentations[child_level]
        except IndexError:
            child_indentation = indentations[level] + space
            indentations.append(child_indentation)
        if not elem.text or not elem.text.strip():
            elem.text = child_indentation
        for child in elem:
            if len(child):
                _indent_children(child, child_level)
            if not child.tail or not child.tail.strip():
                child.tail = child_indentation
        if not child.tail.strip():
            child.tail = indentations[level]

    _indent_children(tree, 0)


# ---- the parser --------------------------------------------------------------------------------------

_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}
_NAME_START = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_:")
_NAME_CHARS = _NAME_START | set("0123456789-.")


class _Reader:
    def __init__(self, text):
        self.s = text
        self.i = 0
        self.n = len(text)

    def position(self, i=None):
        # expat's (line, column): 1-based line, 0-based column of offset i.
        i = self.i if i is None else i
        line = self.s.count("\n", 0, i) + 1
        start = self.s.rfind("\n", 0, i) + 1
        return line, i - start

    def error(self, message, i=None):
        line, col = self.position(i)
        err = ParseError("%s: line %d, column %d" % (message, line, col))
        err.code = 0
        err.position = (line, col)
        raise err

    def is_name_start(self, c):
        return c in _NAME_START or ord(c) > 127

    def name(self):
        i = self.i
        if i >= self.n or not self.is_name_start(self.s[i]):
            self.error("not well-formed (invalid token)")
        j = i + 1
        while j < self.n and (self.s[j] in _NAME_CHARS or ord(self.s[j]) > 127):
            j += 1
        self.i = j
        return self.s[i:j]

    def skip_space(self):
        while self.i < self.n and self.s[self.i] in " \t\r\n":
            self.i += 1


def _decode(data):
    if isinstance(data, (bytes, bytearray)):
        head = bytes(data[:100])
        encoding = "utf-8"
        if head.startswith(b"<?xml"):
            end = head.find(b"?>")
            decl = head[:end if end >= 0 else len(head)].decode("ascii", "replace")
            k = decl.find("encoding")
            if k >= 0:
                rest = decl[k + len("encoding"):].lstrip(" =")
                if rest[:1] in ("'", '"'):
                    encoding = rest[1:rest.find(rest[0], 1)]
        if bytes(data[:3]) == b"\xef\xbb\xbf":
            data = data[3:]
        return bytes(data).decode(encoding)
    return data


def _references(r, text, start):
    # Character and entity references in text or an attribute value that begins at offset `start`.
    if "&" not in text:
        return text
    out = []
    i = 0
    while True:
        j = text.find("&", i)
        if j < 0:
            out.append(text[i:])
            break
        out.append(text[i:j])
        k = text.find(";", j)
        if k < 0:
            r.error("not well-formed (invalid token)", start + j)
        ref = text[j + 1:k]
        if ref.startswith("#x"):
            out.append(chr(int(ref[2:], 16)))
        elif ref.startswith("#"):
            out.append(chr(int(ref[1:])))
        elif ref in _ENTITIES:
            out.append(_ENTITIES[ref])
        else:
            r.error("undefined entity", start + j)
        i = k + 1
    return "".join(out)


def _skip_misc(r, inside):
    # Comments, processing instructions, the XML declaration and a DOCTYPE; True when one was skipped.
    s = r.s
    if s.startswith("<!--", r.i):
        end = s.find("-->", r.i + 4)
        if end < 0:
            r.error("unclosed token")
        r.i = end + 3
        return True
    if s.startswith("<?", r.i):
        end = s.find("?>", r.i + 2)
        if end < 0:
            r.error("unclosed token")
        r.i = end + 2
        return True
    if not inside and s.startswith("<!DOCTYPE", r.i):
        end = s.find(">", r.i)
        if end < 0:
            r.error("unclosed token")
        r.i = end + 1
        return True
    return False


def _parse_document(data):
    r = _Reader(_decode(data))
    s = r.s
    root = None
    stack = []
    last = None  # the element whose text or tail the next character data extends
    last_is_tail = False

    def add_text(chunk):
        if not chunk:
            return
        if last is None:
            return
        if last_is_tail:
            last.tail = (last.tail or "") + chunk
        else:
            last.text = (last.text or "") + chunk

    while True:
        if not stack:
            r.skip_space()
            if r.i >= r.n:
                if root is None:
                    r.error("no element found")
                break
            if _skip_misc(r, False):
                continue
            if root is not None:
                r.error("junk after document element")
            if s[r.i] != "<":
                r.error("syntax error" if r.i == 0 else "not well-formed (invalid token)")
        else:
            if r.i >= r.n:
                r.error("no element found")
            lt = s.find("<", r.i)
            if lt < 0:
                lt = r.n
            if lt > r.i:
                add_text(_references(r, s[r.i:lt], r.i))
                r.i = lt
                continue
            if s.startswith("<![CDATA[", r.i):
                end = s.find("]]>", r.i)
                if end < 0:
                    r.error("unclosed CDATA section")
                add_text(s[r.i + 9:end])
                r.i = end + 3
                continue
            if _skip_misc(r, True):
                continue
        # a tag at r.i
        tag_start = r.i
        r.i += 1
        if r.i < r.n and s[r.i] == "/":
            r.i += 1
            name = r.name()
            r.skip_space()
            if r.i >= r.n or s[r.i] != ">":
                r.error("not well-formed (invalid token)")
            if name != stack[-1].tag:
                r.error("mismatched tag", tag_start + 2)  # expat points at the name
            r.i += 1
            last = stack.pop()
            last_is_tail = True
            continue
        name = r.name()
        attrib = {}
        while True:
            had_space = r.i < r.n and s[r.i] in " \t\r\n"
            r.skip_space()
            if r.i >= r.n:
                r.error("unclosed token", tag_start)
            c = s[r.i]
            if c == ">" or s.startswith("/>", r.i):
                break
            if not had_space:
                r.error("not well-formed (invalid token)")
            key_at = r.i
            key = r.name()
            r.skip_space()
            if r.i >= r.n or s[r.i] != "=":
                r.error("not well-formed (invalid token)")
            r.i += 1
            r.skip_space()
            if r.i >= r.n or s[r.i] not in "'\"":
                r.error("not well-formed (invalid token)")
            quote = s[r.i]
            end = s.find(quote, r.i + 1)
            if end < 0:
                r.error("unclosed token", tag_start)
            if key in attrib:
                r.error("duplicate attribute", key_at)
            raw = s[r.i + 1:end]
            if "<" in raw:
                r.error("not well-formed (invalid token)", r.i + 1 + raw.find("<"))
            value = _references(r, raw, r.i + 1)
            # attribute-value normalization: whitespace characters become spaces
            attrib[key] = value.replace("\r\n", " ").replace("\n", " ").replace("\r", " ").replace("\t", " ")
            r.i = end + 1
        elem = Element(name, attrib)
        if stack:
            stack[-1].append(elem)
        else:
            root = elem
        if s.startswith("/>", r.i):
            r.i += 2
            last = elem
            last_is_tail = True
        else:
            r.i += 1
            stack.append(elem)
            last = elem
            last_is_tail = False
    return root


class XMLParser:
    def __init__(self, *, target=None, encoding=None):
        self._data = []
        self.target = target
        self.version = "Expat 2.5.0"

    def feed(self, data):
        self._data.append(data)

    def close(self):
        if self._data and isinstance(self._data[0], (bytes, bytearray)):
            data = b"".join(bytes(d) for d in self._data)
        else:
            data = "".join(self._data)
        return _parse_document(data)


def XML(text, parser=None):
    return _parse_document(text)


fromstring = XML


def fromstringlist(sequence, parser=None):
    if sequence and isinstance(sequence[0], (bytes, bytearray)):
        return _parse_document(b"".join(bytes(s) for s in sequence))
    return _parse_document("".join(sequence))


def XMLID(text, parser=None):
    tree = XML(text)
    ids = {}
    for elem in tree.iter():
        id_ = elem.get("id")
        if id_:
            ids[id_] = elem
    return tree, ids


def parse(source, parser=None):
    tree = ElementTree()
    tree.parse(source, parser)
    return tree


def iterparse(source, events=None, parser=None):
    raise NotImplementedError("xml.etree.ElementTree.iterparse is not supported in Kiln; use parse()")


class TreeBuilder:
    def __init__(self, element_factory=None, *, comment_factory=None, pi_factory=None, insert_comments=False,
                 insert_pis=False):
        raise NotImplementedError("xml.etree.ElementTree.TreeBuilder is not supported in Kiln; use parse()")


class XMLPullParser:
    def __init__(self, events=None, *, _parser=None):
        raise NotImplementedError("xml.etree.ElementTree.XMLPullParser is not supported in Kiln; use parse()")


def register_namespace(prefix, uri):
    raise NotImplementedError("xml.etree.ElementTree namespaces are not supported in Kiln")


def canonicalize(xml_data=None, *, out=None, from_file=None, **options):
    raise NotImplementedError("xml.etree.ElementTree.canonicalize is not supported in Kiln")


class C14NWriterTarget:
    def __init__(self, write, **options):
        raise NotImplementedError("xml.etree.ElementTree.C14NWriterTarget is not supported in Kiln")
