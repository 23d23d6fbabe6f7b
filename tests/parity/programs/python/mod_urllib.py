# urllib.parse, urllib.error and the offline urllib.request: programs import urllib.request at the
# top to fetch data sets (LLMs-from-scratch's `urllib.request.urlopen(url)` when the text file is
# missing) and build URLs with urljoin/quote; without a network urlopen raises URLError, an OSError.
import urllib.request, urllib.parse, urllib.error
from urllib.parse import urlparse, urljoin, quote, unquote, urlencode, parse_qs, urlsplit, quote_plus, urldefrag

u = urlparse("https://user:pw@Example.COM:8080/a/b;p?q=1&r=2#frag")
print(u)
print(u.hostname, u.port, u.username, u.password, u.geturl())
print(urlsplit("http://x.org/path/file.txt?x=1"), urlsplit("http://x.org/p").port)
for b, r in [("http://a/b/c/d;p?q", "g"), ("http://a/b/c/d;p?q", "../g"), ("http://a/b/c/d;p?q", "/g"),
             ("http://a/b/c/d;p?q", "//g"), ("http://a/b/c/d;p?q", "?y"), ("http://a/b/c/d;p?q", "#s"),
             ("http://a/b/c/d;p?q", "../../../g"), ("http://a/b/c/", "./"), ("http://a/b/c/d", "g/./h/../i"),
             ("https://raw.githubusercontent.com/x/y/main/", "data/file.txt"), ("http://a/b", "ftp://c/d"), ("", "x")]:
    print(repr(urljoin(b, r)))
print(quote("a b/c?d=é&"), quote("a/b", safe=""), quote_plus("a b&c"), quote(""))
print(unquote("a%20b%C3%A9%zz%4"), urllib.parse.unquote_plus("x+y%2B"))
print(urlencode({"a": 1, "b": "x y", "c": ["1", "2"]}), urlencode({"c": ["1", "2"]}, doseq=True), urlencode([("k", "v/w")]))
print(parse_qs("a=1&a=2&b=&c=x+y"), urllib.parse.parse_qsl("a=1&b=", keep_blank_values=True))
print(urldefrag("http://a/b#c"), urldefrag("http://a/b").geturl())
print(urlparse("file.txt"), urlparse("C:/x"), urlparse("//netloc/p"), urlparse("mailto:me@x.org"))
print(urllib.parse.urlunparse(("https", "h.org", "/p", "", "q=1", "f")), urllib.parse.urlunsplit(("", "", "rel/p", "", "")))
try:
    urlparse("http://[::1/x")
except ValueError as e:
    print("ValueError", e)
try:
    urlparse("http://h:99999/").port
except ValueError as e:
    print("ValueError", e)
try:
    urllib.request.urlopen("https://example.invalid/data.txt")
except urllib.error.URLError as e:
    print(type(e).__name__, isinstance(e, OSError), type(e.reason).__name__, str(e).startswith("<urlopen error "))
try:
    urllib.request.urlopen("nosuchscheme://x")
except urllib.error.URLError as e:
    print(e, e.reason)
try:
    urllib.request.urlopen("not a url")
except ValueError as e:
    print("ValueError", e)
e = urllib.error.HTTPError("http://x", 404, "Not Found", {}, None)
print(str(e), repr(e), e.code, e.reason, e.getcode(), isinstance(e, urllib.error.URLError))
print(str(urllib.error.URLError("boom")), urllib.error.URLError("boom").args)
r = urllib.request.Request("http://x.org/a?b#c", headers={"user-agent": "me"})
print(r.full_url, r.type, r.host, r.selector, r.get_method(), r.headers, r.has_header("User-agent"))
print(urllib.request.Request("http://x.org/", data=b"1").get_method())
with open("urllib_local.txt", "w") as f:
    f.write("local data\n")
import os
with urllib.request.urlopen("file://" + urllib.request.pathname2url(os.path.abspath("urllib_local.txt"))) as resp:
    print(resp.read())
os.remove("urllib_local.txt")
