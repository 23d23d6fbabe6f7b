# xml.etree: ElementTree (xml/etree/ElementTree.py).
