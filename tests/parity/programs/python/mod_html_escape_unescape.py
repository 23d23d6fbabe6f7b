# html.escape/unescape as text-cleaning code uses them (CLIP's basic_clean unescapes twice, scraped
# datasets carry entities): named references with and without ';', numeric ones in decimal and hex,
# the HTML5 replacements for invalid code points, and html.entities' tables.
import html
import html.entities

print(html.escape("<a href='x' title=\"t\">Tom & Jerry</a>"), html.escape("<b>'q'</b>", quote=False))
samples = [
    "Tom &amp; Jerry &lt;3 &gt; &quot;hi&quot; &#39;s &apos;",
    "caf&eacute; na&iuml;ve &copy; 2024 &mdash; &hellip; &nbsp;|",
    "&#233; &#xe9; &#XE9; &#x1F600; &#128512 no-semicolon &#65",
    "&amp &ampx &notit; &notin; &unknownentity; & alone &; &#;",
    "&#0; &#13; &#128; &#150; &#x81; &#xD800; &#x110000; &#1; &#x7f; &#xFFFE;",
    "&lt;p&gt;double &amp;amp; escaped&lt;/p&gt;",
    "&NotNestedGreaterGreater; &fjlig; &ThickSpace;|",
]
for s in samples:
    print(repr(html.unescape(s)))
text = "&amp;lt;b&amp;gt;bold&amp;lt;/b&amp;gt;"
print(html.unescape(html.unescape(text)).strip())
print(html.entities.name2codepoint["eacute"], html.entities.codepoint2name[0x3b1], html.entities.entitydefs["amp"])
print(len(html.entities.html5), html.entities.html5["gt;"], repr(html.entities.html5["nbsp"]), len(html.entities.name2codepoint))
print(html.unescape(html.escape("a < b && c > 'd'")) == "a < b && c > 'd'")
