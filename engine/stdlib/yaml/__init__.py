# yaml for Kiln: the part of PyYAML 6 that training scripts use for their configuration files. Not a
# standard module, but imported by many real programs (SimCLR's yaml_config_hook, DDPM and semseg
# configs, `yaml.dump(vars(args))` next to a checkpoint). Written for Kiln after PyYAML's documented
# behaviour, not its code:
#   - loading: block mappings and sequences (indentation, `key:` followed by an indentless `- item`
#     list, `- key: value` items), flow collections `[...]` / `{...}` (on one line or continued until
#     the brackets close), single- and double-quoted scalars with their escapes, literal `|` and
#     folded `>` block scalars (with `-` / `+` chomping), comments, `---` / `...` document markers,
#     anchors `&a` / aliases `*a` and `<<` merge keys; plain scalars resolved by YAML 1.1's implicit
#     rules as PyYAML's resolver does them (yes/no/on/off booleans, `~`/null, 0x/0b/0o-style and
#     sexagesimal ints, floats only with a dot: `1e-3` stays a str, `1.0e-3` is a float, dates and
#     timestamps as datetime.date / datetime.datetime);
#   - load(stream, Loader) needs its Loader as PyYAML 6 does; safe_load, full_load, unsafe_load,
#     load_all/safe_load_all;
#   - dumping: dump/safe_dump with PyYAML's defaults (block style, keys sorted, indentless lists in
#     mappings, `null`/`true`, floats as repr with `.inf`/`.nan` and `1.0e-05`), strings quoted when
#     they would read back as another type; dump (not safe_dump) writes tuples as `!!python/tuple`,
#     safe_dump writes them as lists and refuses other types (numpy scalars too) with RepresenterError.
# Not provided: tags other than !!python/tuple on output, complex keys (`? `), multi-line strings
# written in PyYAML's folded single-quoted style (Kiln writes them double-quoted), custom
# constructors/representers (add_constructor/add_representer are accepted and ignored).
import io
import re

__version__ = "6.0.2"
__all__ = ["YAMLError", "safe_load", "load", "full_load", "unsafe_load", "load_all", "safe_load_all",
           "dump", "safe_dump", "dump_all", "safe_dump_all", "SafeLoader", "FullLoader", "Loader", "UnsafeLoader",
           "BaseLoader", "SafeDumper", "Dumper"]


class YAMLError(Exception):
    pass


class MarkedYAMLError(YAMLError):
    pass


class ScannerError(MarkedYAMLError):
    pass


class ParserError(MarkedYAMLError):
    pass


class ConstructorError(MarkedYAMLError):
    pass


class RepresenterError(YAMLError):
    pass


class BaseLoader:
    _resolve = False


class SafeLoader(BaseLoader):
    _resolve = True


class FullLoader(SafeLoader):
    pass


class UnsafeLoader(FullLoader):
    pass


class Loader(UnsafeLoader):
    pass


class SafeDumper:
    _python_tags = False


class Dumper(SafeDumper):
    _python_tags = True


# ---- implicit resolution of plain scalars (YAML 1.1, as PyYAML's resolver) --------------------------
_BOOL = {"yes": True, "Yes": True, "YES": True, "no": False, "No": False, "NO": False, "true": True,
         "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False, "on": True, "On": True,
         "ON": True, "off": False, "Off": False, "OFF": False}
_NULL = {"~", "null", "Null", "NULL", ""}
_INT = re.compile(r"^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+"
                  r"|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$")
_FLOAT = re.compile(r"^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?"
                    r"|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$")


_TIMESTAMP = re.compile(r"^(?:([0-9]{4})-([0-9]{2})-([0-9]{2})|([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})"
                        r"(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]*))?"
                        r"(?:[ \t]*(Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)$")


def _timestamp(match):
    import datetime
    g = match.groups()
    if g[0] is not None:
        return datetime.date(int(g[0]), int(g[1]), int(g[2]))
    fraction = int((g[9] or "0")[:6].ljust(6, "0"))
    value = datetime.datetime(int(g[3]), int(g[4]), int(g[5]), int(g[6]), int(g[7]), int(g[8]), fraction)
    if g[10]:
        if g[10] == "Z":
            tz = datetime.timezone.utc
        else:
            sign = -1 if g[10][0] == "-" else 1
            hours, _, minutes = g[10][1:].partition(":")
            tz = datetime.timezone(sign * datetime.timedelta(hours=int(hours), minutes=int(minutes or 0)))
        value = value.replace(tzinfo=tz)
    return value


def _sexagesimal(text, convert):
    sign = -1 if text[0] == "-" else 1
    if text[0] in "+-":
        text = text[1:]
    value = 0
    for part in text.split(":"):
        value = value * 60 + convert(part)
    return sign * value


def _resolve_plain(text):
    if text in _NULL:
        return None
    if text in _BOOL:
        return _BOOL[text]
    if _INT.match(text):
        t = text.replace("_", "")
        sign = 1
        if t[0] in "+-":
            sign = -1 if t[0] == "-" else 1
            t = t[1:]
        if ":" in t:
            return sign * _sexagesimal(t, int)
        if t.startswith("0b"):
            return sign * int(t[2:], 2)
        if t.startswith("0x"):
            return sign * int(t[2:], 16)
        if t != "0" and t.startswith("0"):
            return sign * int(t, 8)
        return sign * int(t)
    if _FLOAT.match(text):
        t = text.replace("_", "").lower()
        if t.endswith(".inf"):
            return float("-inf") if t[0] == "-" else float("inf")
        if t.endswith(".nan"):
            return float("nan")
        if ":" in t:
            return _sexagesimal(t, float)
        return float(t)
    m = _TIMESTAMP.match(text)
    if m:
        return _timestamp(m)
    return text


# ---- loading ----------------------------------------------------------------------------------------
_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f", "r": "\r",
            "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0", "L": "\u2028",
            "P": "\u2029"}


def _strip_comment(line):
    # a `#` starts a comment at the line start or after whitespace, outside quotes
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
            elif ch == "\\" and quote == '"':
                continue
        elif ch in "'\"" and (i == 0 or line[i - 1] in " \t[{,:-"):
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i].rstrip()
    return line.rstrip()


def _find_colon(text):
    # the `: ` (or final `:`) that separates a mapping key, outside quotes and brackets
    quote = None
    depth = 0
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
            continue
        if ch in "'\"" and (i == 0 or text[i - 1] in " \t[{,"):
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == ":" and depth == 0 and (i + 1 == len(text) or text[i + 1] in " \t"):
            return i
    return -1


class _Parser:
    def __init__(self, text, loader):
        self.resolve = getattr(loader, "_resolve", True)
        self.anchors = {}
        self.raw = text.split("\n")
        self.lines = []  # (indent, text, raw index)
        for n, raw in enumerate(self.raw):
            stripped = _strip_comment(raw.replace("\t", "    ") if raw.lstrip(" ").startswith("\t") else raw)
            if not stripped.strip():
                continue
            self.lines.append((len(stripped) - len(stripped.lstrip(" ")), stripped.strip(), n))
        self.pos = 0

    def error(self, message, n=None):
        raise ScannerError(message if n is None else f"{message}\n  in \"<unicode string>\", line {n + 1}")

    # documents
    def documents(self):
        docs = []
        current = []
        started = False
        for item in self.lines:
            text = item[1]
            if text == "---" or text.startswith("--- ") or text == "...":
                if started or current:
                    docs.append(current)
                current = []
                started = text != "..."
                if text.startswith("--- "):
                    current.append((item[0], text[4:].strip(), item[2]))
                continue
            if text.startswith("%"):
                continue
            current.append(item)
            started = True
        if current or started:
            docs.append(current)
        results = []
        for lines in docs:
            self.lines, self.pos = lines, 0
            results.append(self.parse_node(-1) if lines else None)
            if self.pos < len(self.lines):
                self.error("expected '<document start>', but found '<block mapping start>'", self.lines[self.pos][2])
        return results

    def parse_node(self, parent_indent):
        if self.pos >= len(self.lines):
            return None
        indent, text, n = self.lines[self.pos]
        if indent <= parent_indent:
            return None
        if text == "-" or text.startswith("- "):
            return self.parse_sequence(indent)
        if _find_colon(text) >= 0 and not text.startswith(("[", "{", '"', "'", "|", ">")) or \
                text.startswith(("'", '"')) and _find_colon(text) > 0 and self._quoted_key(text):
            return self.parse_mapping(indent)
        self.pos += 1
        return self.inline_value(text, indent, n)

    def _quoted_key(self, text):
        q = text[0]
        end = text.find(q, 1)
        return end > 0 and text[end + 1:end + 2] == ":"

    def anchor_of(self, text):
        if text.startswith("&"):
            name, _, rest = text[1:].partition(" ")
            return name, rest.strip()
        return None, text

    def parse_sequence(self, indent):
        items = []
        while self.pos < len(self.lines):
            ind, text, n = self.lines[self.pos]
            if ind != indent or not (text == "-" or text.startswith("- ")):
                break
            rest = text[1:].strip()
            offset = len(text) - len(text[1:].lstrip(" "))
            anchor, rest = self.anchor_of(rest)
            if not rest:
                self.pos += 1
                value = self.parse_node(indent)
                if value is None and self.pos < len(self.lines) and self.lines[self.pos][0] == indent and \
                        not self.lines[self.pos][1].startswith("-"):
                    value = None
            else:
                # the item's text becomes a line of its own, indented where it starts
                self.lines[self.pos] = (indent + offset, rest, n)
                value = self.parse_node(indent)
            if anchor:
                self.anchors[anchor] = value
            items.append(value)
        return items

    def parse_key(self, key, n):
        key = key.strip()
        if key.startswith(("'", '"')):
            return self.quoted(key, n)
        return _resolve_plain(key) if self.resolve else key

    def parse_mapping(self, indent):
        mapping = {}
        while self.pos < len(self.lines):
            ind, text, n = self.lines[self.pos]
            if ind != indent:
                if ind > indent:
                    self.error("mapping values are not allowed here", n)
                break
            if text == "-" or text.startswith("- "):
                break
            colon = _find_colon(text)
            if colon < 0:
                self.error("could not find expected ':'", n)
            key = self.parse_key(text[:colon], n)
            rest = text[colon + 1:].strip()
            anchor, rest = self.anchor_of(rest)
            self.pos += 1
            if not rest:
                value = self.parse_node(indent)
                if value is None and self.pos < len(self.lines):
                    nind, ntext, _ = self.lines[self.pos]
                    if nind == indent and (ntext == "-" or ntext.startswith("- ")):
                        value = self.parse_sequence(indent)  # `key:` then an indentless list
            elif rest[0] in "|>":
                value = self.block_scalar(rest, indent, n)
            else:
                value = self.inline_value(rest, indent, n)
            if anchor:
                self.anchors[anchor] = value
            if key == "<<" and self.resolve:
                merged = value if isinstance(value, list) else [value]
                for m in reversed(merged):
                    for k, v in m.items():
                        mapping.setdefault(k, v)
                continue
            mapping[key] = value
        return mapping

    def block_scalar(self, header, indent, n):
        chomp = "+" if "+" in header else "-" if "-" in header else ""
        digits = [c for c in header[1:] if c.isdigit()]
        # block scalars keep their raw lines (comments included): read them from the source text
        raw_start = n + 1
        body = []
        i = raw_start
        block_indent = indent + int(digits[0]) if digits else None
        while i < len(self.raw):
            line = self.raw[i]
            if line.strip():
                lead = len(line) - len(line.lstrip(" "))
                if block_indent is None:
                    if lead <= indent:
                        break
                    block_indent = lead
                if lead < block_indent:
                    break
                body.append(line[block_indent:])
            else:
                body.append("")
            i += 1
        while self.pos < len(self.lines) and self.lines[self.pos][2] < i:
            self.pos += 1
        trailing = 0
        while body and body[-1] == "":
            body.pop()
            trailing += 1
        if header[0] == "|":
            text = "\n".join(body)
        else:
            text = ""
            for k, line in enumerate(body):
                if k == 0:
                    text = line
                elif line == "" or line.startswith(" "):
                    text += "\n" + line
                elif body[k - 1] == "" or body[k - 1].startswith(" "):
                    text += ("\n" if body[k - 1].startswith(" ") else "") + line
                else:
                    text += " " + line
        if not body:
            return "" if chomp != "+" else "\n" * trailing
        if chomp == "-":
            return text
        if chomp == "+":
            return text + "\n" + "\n" * trailing
        return text + "\n"

    def inline_value(self, text, indent, n):
        if text.startswith("*"):
            name = text[1:].strip()
            if name not in self.anchors:
                raise ConstructorError(f"found undefined alias '{name}'")
            return self.anchors[name]
        if text.startswith("!!"):
            tag, _, rest = text.partition(" ")
            value = self.inline_value(rest.strip(), indent, n) if rest.strip() else ""
            return {"!!str": str, "!!int": int, "!!float": float, "!!bool": bool}.get(tag, lambda v: v)(value)
        if text[0] in "[{":
            # a flow collection may continue on the next lines until its brackets close
            while not self._balanced(text) and self.pos < len(self.lines):
                text += " " + self.lines[self.pos][1]
                self.pos += 1
            value, end = self.flow(text, 0, n)
            if text[end:].strip():
                self.error("expected <block end>, but found '<scalar>'", n)
            return value
        if text[0] in "'\"":
            # a quoted scalar may also continue on more lines
            while not self._quote_closed(text) and self.pos < len(self.lines):
                text += " " + self.lines[self.pos][1]
                self.pos += 1
            return self.quoted(text, n)
        # a plain scalar continues on more-indented lines (folded with spaces)
        while self.pos < len(self.lines) and self.lines[self.pos][0] > indent and \
                _find_colon(self.lines[self.pos][1]) < 0 and not self.lines[self.pos][1].startswith("- "):
            text += " " + self.lines[self.pos][1]
            self.pos += 1
        if _find_colon(text) >= 0:
            self.error("mapping values are not allowed here", n)
        return _resolve_plain(text) if self.resolve else text

    @staticmethod
    def _quote_closed(text):
        q = text[0]
        i = 1
        while i < len(text):
            if q == '"' and text[i] == "\\":
                i += 2
                continue
            if text[i] == q:
                if q == "'" and text[i + 1:i + 2] == "'":
                    i += 2
                    continue
                return True
            i += 1
        return False

    @staticmethod
    def _balanced(text):
        depth = 0
        quote = None
        for ch in text:
            if quote:
                if ch == quote:
                    quote = None
            elif ch in "'\"":
                quote = ch
            elif ch in "[{":
                depth += 1
            elif ch in "]}":
                depth -= 1
        return depth <= 0

    def quoted(self, text, n):
        value, end = self.quoted_at(text, 0, n)
        if text[end:].strip():
            self.error("expected <block end>, but found '<scalar>'", n)
        return value

    def quoted_at(self, text, i, n):
        q = text[i]
        out = []
        i += 1
        while i < len(text):
            ch = text[i]
            if q == "'":
                if ch == "'":
                    if text[i + 1:i + 2] == "'":
                        out.append("'")
                        i += 2
                        continue
                    return "".join(out), i + 1
                out.append(ch)
            else:
                if ch == '"':
                    return "".join(out), i + 1
                if ch == "\\":
                    nxt = text[i + 1:i + 2]
                    if nxt in _ESCAPES:
                        out.append(_ESCAPES[nxt])
                        i += 2
                        continue
                    width = {"x": 2, "u": 4, "U": 8}.get(nxt)
                    if width:
                        out.append(chr(int(text[i + 2:i + 2 + width], 16)))
                        i += 2 + width
                        continue
                    self.error(f"found unknown escape character '{nxt}'", n)
                out.append(ch)
            i += 1
        self.error("found unexpected end of stream while scanning a quoted scalar", n)

    def flow(self, text, i, n):
        while i < len(text) and text[i] == " ":
            i += 1
        ch = text[i]
        if ch == "[":
            items = []
            i += 1
            while True:
                while i < len(text) and text[i] == " ":
                    i += 1
                if i >= len(text):
                    self.error("while parsing a flow sequence: expected ',' or ']'", n)
                if text[i] == "]":
                    return items, i + 1
                value, i = self.flow(text, i, n)
                while i < len(text) and text[i] == " ":
                    i += 1
                if i < len(text) and text[i] == ":" and (i + 1 == len(text) or text[i + 1] in " ,]"):
                    # a single-pair mapping inside a flow sequence: [a: 1]
                    v2, i = self.flow(text, i + 1, n)
                    value = {value: v2}
                    while i < len(text) and text[i] == " ":
                        i += 1
                items.append(value)
                if i < len(text) and text[i] == ",":
                    i += 1
        if ch == "{":
            mapping = {}
            i += 1
            while True:
                while i < len(text) and text[i] == " ":
                    i += 1
                if i >= len(text):
                    self.error("while parsing a flow mapping: expected ',' or '}'", n)
                if text[i] == "}":
                    return mapping, i + 1
                key, i = self.flow(text, i, n)
                while i < len(text) and text[i] == " ":
                    i += 1
                value = None
                if i < len(text) and text[i] == ":":
                    value, i = self.flow(text, i + 1, n)
                    while i < len(text) and text[i] == " ":
                        i += 1
                mapping[key] = value
                if i < len(text) and text[i] == ",":
                    i += 1
        if ch in "'\"":
            return self.quoted_at(text, i, n)
        # a plain scalar inside a flow collection ends at , ] } or `: `
        j = i
        while j < len(text) and text[j] not in ",]}":
            if text[j] == ":" and (j + 1 == len(text) or text[j + 1] in " ,]}"):
                break
            j += 1
        token = text[i:j].strip()
        if token.startswith("*"):
            return self.anchors.get(token[1:]), j
        return (_resolve_plain(token) if self.resolve else token), j


def _read(stream):
    if hasattr(stream, "read"):
        stream = stream.read()
    if isinstance(stream, (bytes, bytearray)):
        stream = stream.decode("utf-8")
    if stream.startswith("\ufeff"):
        stream = stream[1:]
    return stream


def load(stream, Loader):
    docs = _Parser(_read(stream), Loader).documents()
    if len(docs) > 1:
        raise ParserError("expected a single document in the stream\n  but found another document")
    return docs[0] if docs else None


def load_all(stream, Loader):
    return iter(_Parser(_read(stream), Loader).documents())


def safe_load(stream):
    return load(stream, SafeLoader)


def full_load(stream):
    return load(stream, FullLoader)


def unsafe_load(stream):
    return load(stream, UnsafeLoader)


def safe_load_all(stream):
    return load_all(stream, SafeLoader)


def full_load_all(stream):
    return load_all(stream, FullLoader)


def add_constructor(tag, constructor, Loader=None):
    # accepted for scripts that register tags; Kiln's loader does not read custom tags
    pass


def add_representer(data_type, representer, Dumper=None):
    pass


# ---- dumping ----------------------------------------------------------------------------------------
_PLAIN_UNSAFE_START = set("-?:,[]{}#&*!|>'\"%@`")


def _needs_quotes(s):
    if s == "" or s != s.strip():
        return True
    if _resolve_plain(s) is not s and not isinstance(_resolve_plain(s), str):
        return True
    if s[0] in _PLAIN_UNSAFE_START and not (s[0] in "-?:" and len(s) > 1 and s[1] not in " "):
        return True
    if ": " in s or " #" in s or s.endswith(":") or "\n" in s or "\t" in s:
        return True
    if any(ord(c) < 32 or ord(c) == 127 for c in s):
        return True
    return False


_PLAIN_TYPES = (type(None), bool, int, float, str, dict, list, tuple)


def _check_type(value, dumper):
    # SafeDumper represents exactly these types (a float subclass such as numpy.float64 is refused);
    # the full Dumper writes other objects with !!python/object tags, which Kiln does not
    if type(value) in _PLAIN_TYPES:
        return
    if not dumper["python"]:
        raise RepresenterError("cannot represent an object", value)
    raise NotImplementedError(f"yaml.dump of a {type(value).__name__} object (PyYAML's !!python/object tags) "
                              f"is not supported in Kiln; convert it to a dict, list or plain value first")


def _scalar(value, dumper):
    _check_type(value, dumper)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return ".nan"
        if value in (float("inf"), float("-inf")):
            return ".inf" if value > 0 else "-.inf"
        text = repr(value).lower()
        if "." not in text and "e" in text:
            # PyYAML keeps a dot so the float reads back as a float: 1e-05 -> 1.0e-05
            mantissa, exp = text.split("e")
            text = mantissa + ".0e" + exp
        return text
    if isinstance(value, str):
        if "\n" in value or any(ord(c) < 32 and c not in "\n" for c in value):
            return '"' + value.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'
        if _needs_quotes(value):
            return "'" + value.replace("'", "''") + "'"
        return value
    raise RepresenterError("cannot represent an object", value)


def _flow(value, flow_style):
    # default_flow_style: False = block everywhere, True = flow everywhere, None = flow for the
    # collections that hold only scalars (PyYAML's rule)
    if flow_style is None:
        items = value.values() if isinstance(value, dict) else value
        return not any(isinstance(v, (dict, list, tuple)) for v in items)
    return bool(flow_style)


def _emit(value, indent, lines, prefix, dumper, sort_keys, flow_style):
    step = dumper["indent"]
    if isinstance(value, dict) and value:
        items = sorted(value.items(), key=lambda kv: kv[0]) if sort_keys else list(value.items())
        first = True
        for k, v in items:
            key = _scalar(k, dumper)
            head = (prefix if first else " " * indent)
            first = False
            if isinstance(v, (dict, list, tuple)) and v and not _flow(v, flow_style):
                if isinstance(v, tuple) and dumper["python"]:
                    lines.append(f"{head}{key}: !!python/tuple")
                else:
                    lines.append(f"{head}{key}:")
                # lists inside a mapping are not indented (PyYAML's indentless sequences)
                child = indent if isinstance(v, (list, tuple)) else indent + step
                _emit(v, child, lines, " " * child, dumper, sort_keys, flow_style)
            else:
                lines.append(f"{head}{key}: {_inline(v, dumper, sort_keys)}")
    elif isinstance(value, (list, tuple)) and value:
        first = True
        for v in value:
            head = (prefix if first else " " * indent) + "- "
            first = False
            if isinstance(v, (dict, list, tuple)) and v and not _flow(v, flow_style):
                _emit(v, indent + 2, lines, head, dumper, sort_keys, flow_style)
            else:
                lines.append(head + _inline(v, dumper, sort_keys))
    else:
        lines.append(prefix + _inline(value, dumper, sort_keys))


def _inline(value, dumper, sort_keys):
    _check_type(value, dumper)
    if isinstance(value, dict):
        items = sorted(value.items(), key=lambda kv: kv[0]) if sort_keys else list(value.items())
        return "{" + ", ".join(f"{_scalar(k, dumper)}: {_inline(v, dumper, sort_keys)}" for k, v in items) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_inline(v, dumper, sort_keys) for v in value) + "]"
    return _scalar(value, dumper)


def dump_all(documents, stream=None, Dumper=Dumper, default_flow_style=False, indent=None, width=None,
             allow_unicode=None, sort_keys=True, explicit_start=None, **kwds):
    dumper = {"indent": indent or 2, "python": getattr(Dumper, "_python_tags", False)}
    out = []
    for k, data in enumerate(documents):
        lines = []
        if explicit_start or k > 0:
            lines.append("---")
        if isinstance(data, (dict, list, tuple)) and data and not _flow(data, default_flow_style):
            if isinstance(data, tuple) and dumper["python"]:
                lines.append("!!python/tuple")
            _emit(data, 0, lines, "", dumper, sort_keys, default_flow_style)
        else:
            lines.append(_inline(data, dumper, sort_keys))
            if not isinstance(data, (dict, list, tuple)):
                lines.append("...")  # a bare scalar document ends with PyYAML's document end marker
        out.append("\n".join(lines) + "\n")
    text = "".join(out)
    if stream is None:
        return text
    stream.write(text)


def dump(data, stream=None, Dumper=Dumper, **kwds):
    return dump_all([data], stream, Dumper=Dumper, **kwds)


def safe_dump(data, stream=None, **kwds):
    return dump_all([data], stream, Dumper=SafeDumper, **kwds)


def safe_dump_all(documents, stream=None, **kwds):
    return dump_all(documents, stream, Dumper=SafeDumper, **kwds)


# PyYAML's submodules, for the names programs reach through them (yaml.scanner.ScannerError,
# yaml.representer.RepresenterError, yaml.loader.SafeLoader, ...)
def _submodule(name, **names):
    import sys
    import types
    module = types.ModuleType("yaml." + name)
    module.__dict__.update(names)
    sys.modules["yaml." + name] = module
    globals()[name] = module


_submodule("error", YAMLError=YAMLError, MarkedYAMLError=MarkedYAMLError)
_submodule("scanner", ScannerError=ScannerError)
_submodule("parser", ParserError=ParserError)
_submodule("constructor", ConstructorError=ConstructorError)
_submodule("representer", RepresenterError=RepresenterError)
_submodule("loader", BaseLoader=BaseLoader, SafeLoader=SafeLoader, FullLoader=FullLoader, Loader=Loader,
           UnsafeLoader=UnsafeLoader)
_submodule("dumper", SafeDumper=SafeDumper, Dumper=Dumper)
