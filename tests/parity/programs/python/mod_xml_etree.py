import copy
import io
import xml.etree.ElementTree as ET
# xml.etree.ElementTree as detection code uses it (Pascal VOC annotations): parse, find/findall/findtext
# with ElementPath predicates, iter, attributes, text/tail, building, serializing, and parse errors.
VOC = """<?xml version="1.0" encoding="utf-8"?>
<!-- a Pascal VOC annotation -->
<annotation verified="no">
\t<folder>VOC2007</folder>
\t<filename>000005.jpg</filename>
\t<size><width>500</width><height>375</height><depth>3</depth></size>
\t<object>
\t\t<name>chair</name>
\t\t<difficult>0</difficult>
\t\t<bndbox><xmin>263</xmin><ymin>211</ymin><xmax>324</xmax><ymax>339</ymax></bndbox>
\t</object>
\t<object type="x">
\t\t<name>Chair </name>
\t\t<difficult>1</difficult>
\t\t<bndbox><xmin>165</xmin><ymin>264</ymin><xmax>253</xmax><ymax>372</ymax></bndbox>
\t</object>
\t<note a='1' b="x &amp; y &lt; z">Tom &amp; Jerry &#65;&#x42; <![CDATA[<raw> & stuff]]> end</note>
\t<empty/>
</annotation>
"""
root = ET.fromstring(VOC)
print(root.tag, root.attrib, repr(root.text), len(root), [c.tag for c in root])
for obj in root.iter("object"):
    difficult = int(obj.find("difficult").text == "1")
    label = obj.find("name").text.lower().strip()
    bbox = obj.find("bndbox")
    box = [int(bbox.find(t).text) - 1 for t in ("xmin", "ymin", "xmax", "ymax")]
    print(label, difficult, box, obj.get("type"), obj.get("missing", "dflt"))
print(root.findtext("size/width"), root.findtext("nothing"), root.findtext("nothing", "d"), repr(root.findtext("empty")))
print([e.text for e in root.findall(".//xmin")], [e.tag for e in root.findall("./size/*")])
print([e.tag for e in root.findall("object/bndbox/..")], len(root.findall(".//*")))
print([e.find("name").text for e in root.findall("object[@type]")], [e.find("name").text for e in root.findall("object[@type='x']")])
print([e.find("name").text for e in root.findall("object[2]")], [e.find("name").text for e in root.findall("object[last()]")])
print([e.find("name").text for e in root.findall("object[difficult='1']")], [e.tag for e in root.findall("*[name]")])
note = root.find("note")
print(repr(note.text), note.attrib, repr(note.tail))
print(list(root.find("size").itertext()), "".join(root.find("object").itertext()).split())
print(list(root.iter("xmin"))[1].text, [e.tag for e in root.iter()][:6], sum(1 for _ in root.iter("*")))
print(list(root.keys()), list(root.items()))
# building and serializing
top = ET.Element("root", {"k": "v"}, extra="1")
child = ET.SubElement(top, "child", name='a"b')
child.text = "x < y & z"
child.tail = "\n"
ET.SubElement(top, "leaf")
ET.SubElement(top, "u").text = "caf\u00e9"
print(ET.tostring(top))
print(ascii(ET.tostring(top, encoding="unicode")))
print(ET.tostring(top, encoding="utf-8"))
print(ascii(ET.tostring(top, encoding="unicode", short_empty_elements=False)))
print(ascii(ET.tostring(top, encoding="unicode", xml_declaration=True)))
tree = ET.ElementTree(top)
buf = io.BytesIO()
tree.write(buf)
print(buf.getvalue())
buf = io.BytesIO()
tree.write(buf, encoding="utf-8", xml_declaration=True)
print(buf.getvalue())
t2 = ET.parse(io.BytesIO(VOC.encode("utf-8")))
print(t2.getroot().tag, t2.find("folder").text, t2.findtext("filename"), len(t2.findall("object")), [e.tag for e in t2.iter("depth")])
top.remove(child)
top.insert(0, ET.Element("first"))
print([c.tag for c in top], top[1].tag, ascii(top[-1].text), len(top), ET.iselement(top), ET.iselement("x"))
c = copy.copy(top)
c.set("k", "w")
print(top.get("k"), c.get("k"), c.attrib, [x.tag for x in c])
ET.dump(ET.fromstring("<a><b>1</b><c x='2'/></a>"))
r2 = ET.fromstring("<a><b><c/></b><b/></a>")
ET.indent(r2)
print(ET.tostring(r2, encoding="unicode"))
for bad in ["", "<a>", "<a></b>", "<a/><b/>", "<a x='1' x='2'/>", "<a>&foo;</a>", "text", "<a><b></a>", "<a b=1/>", "<a>\n  <b>\n</a>"]:
    try:
        ET.fromstring(bad)
    except ET.ParseError as e:
        print(repr(bad), type(e).__name__, e, e.position, isinstance(e, SyntaxError))
print(ascii(ET.fromstring(b"<?xml version='1.0' encoding='latin-1'?><a>caf\xe9</a>").text))
print(ET.XML("<r>  <x/>  </r>")[0].tail == "  ")
