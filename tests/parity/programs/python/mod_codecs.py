# codecs.open (utf-8 and latin-1 files), encode/decode, lookup
import codecs, os, tempfile
d = tempfile.mkdtemp()
p = os.path.join(d, 'u.txt')
with codecs.open(p, 'w', 'utf-8') as f:
    f.write('naïve café\nline 2\n')
with codecs.open(p, 'r', encoding='utf-8') as f:
    print(f.read())
q = os.path.join(d, 'l.txt')
with codecs.open(q, 'w', 'latin-1') as f:
    f.write('café')
print(open(q, 'rb').read())
with codecs.open(q, 'r', 'latin-1') as f:
    print(f.readlines())
print(codecs.encode('héllo', 'utf-8'), codecs.decode(b'h\xc3\xa9llo', 'utf-8'), codecs.decode(codecs.BOM_UTF8 + b'x', 'utf-8-sig'), codecs.lookup('UTF8').name)
try:
    codecs.lookup('klingon')
except LookupError as e:
    print(e)
