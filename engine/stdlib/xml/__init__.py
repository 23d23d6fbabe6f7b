# xml: the package of xml.etree.ElementTree (the part of CPython's xml package that data-loading code
# uses: Pascal VOC annotations, config files). No xml.dom, xml.sax or xml.parsers.expat in Kiln.
