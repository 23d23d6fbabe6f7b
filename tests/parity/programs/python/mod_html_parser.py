# html.parser.HTMLParser: a subclass's callbacks for start/end/startend tags (attributes lowercased,
# entities in values unescaped), data (convert_charrefs), comments, declarations, char/entity refs
from html.parser import HTMLParser


class Show(HTMLParser):
    def handle_starttag(self, tag, attrs):
        print("start", tag, attrs)

    def handle_endtag(self, tag):
        print("end", tag)

    def handle_startendtag(self, tag, attrs):
        print("startend", tag, attrs)

    def handle_data(self, data):
        print("data", repr(data))

    def handle_comment(self, data):
        print("comment", repr(data))

    def handle_decl(self, decl):
        print("decl", repr(decl))

    def handle_pi(self, data):
        print("pi", repr(data))

    def handle_entityref(self, name):
        print("entityref", name)

    def handle_charref(self, name):
        print("charref", name)


doc = """<!DOCTYPE html>
<html><head><title>A &amp; B</title></head>
<body class="main" ID='x' data-v=3 hidden>
<!-- a comment -->
<p>Hello, <b>world</b>&nbsp;&#169; &#x41; &unknown; 1 < 2</p>
<img src="a.png" alt="x &gt; y"/>
<br>
<script>if (a < b && c > d) { x = "</p>"; }</script>
<?xml version="1.0"?>
<A HREF="u?a=1&b=2">Link</A>
</body></html>"""
p = Show()
p.feed(doc)
p.close()
print("---")
q = Show(convert_charrefs=False)
q.feed("<p>x &amp; y &#65; &copy;</p>")
q.close()
print("---")


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []
        self.text = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.links.append(dict(attrs).get("href"))

    def handle_data(self, data):
        if data.strip():
            self.text.append(data.strip())


lk = Links()
lk.feed('<ul><li><a href="/one">One</a></li><li><a href="/two" class=c>Two</a></li></ul>')
lk.feed('<a href=three>Three</a>')
lk.close()
print(lk.links, lk.text)
print(lk.getpos())
