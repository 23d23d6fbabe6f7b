# zipfile: reading a CPython-made archive (deflated, stored, directories, unsafe names), extractall, writing and appending stored archives
import zipfile, io, os, tempfile
blob = b'PK\x03\x04\x14\x00\x00\x00\x00\x00\xc0S\xb1Pe\xc1v\x03 \x03\x00\x00 \x03\x00\x00\x0e\x00\x00\x00data/names.txtAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nAlice\nBob\nCarol\nPK\x03\x04\x14\x00\x00\x00\x00\x00\x83\x18"Rs\x8c\x05)\x00\x01\x00\x00\x00\x01\x00\x00\x0c\x00\x00\x00data/raw.bin\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f\x80\x81\x82\x83\x84\x85\x86\x87\x88\x89\x8a\x8b\x8c\x8d\x8e\x8f\x90\x91\x92\x93\x94\x95\x96\x97\x98\x99\x9a\x9b\x9c\x9d\x9e\x9f\xa0\xa1\xa2\xa3\xa4\xa5\xa6\xa7\xa8\xa9\xaa\xab\xac\xad\xae\xaf\xb0\xb1\xb2\xb3\xb4\xb5\xb6\xb7\xb8\xb9\xba\xbb\xbc\xbd\xbe\xbf\xc0\xc1\xc2\xc3\xc4\xc5\xc6\xc7\xc8\xc9\xca\xcb\xcc\xcd\xce\xcf\xd0\xd1\xd2\xd3\xd4\xd5\xd6\xd7\xd8\xd9\xda\xdb\xdc\xdd\xde\xdf\xe0\xe1\xe2\xe3\xe4\xe5\xe6\xe7\xe8\xe9\xea\xeb\xec\xed\xee\xef\xf0\xf1\xf2\xf3\xf4\xf5\xf6\xf7\xf8\xf9\xfa\xfb\xfc\xfd\xfe\xffPK\x03\x04\x14\x00\x00\x00\x00\x00\x00\x00!P\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\t\x00\x00\x00data/sub/PK\x03\x04\x14\x00\x00\x00\x00\x00\x00\x00!P\x83\x16\xdc\x8c\x01\x00\x00\x00\x01\x00\x00\x00\x0b\x00\x00\x00../evil.txtxPK\x01\x02\x14\x03\x14\x00\x00\x00\x00\x00\xc0S\xb1Pe\xc1v\x03 \x03\x00\x00 \x03\x00\x00\x0e\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x80\x01\x00\x00\x00\x00data/names.txtPK\x01\x02\x14\x03\x14\x00\x00\x00\x00\x00\x83\x18"Rs\x8c\x05)\x00\x01\x00\x00\x00\x01\x00\x00\x0c\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x80\x01L\x03\x00\x00data/raw.binPK\x01\x02\x14\x03\x14\x00\x00\x00\x00\x00\x00\x00!P\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\t\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x80\x01v\x04\x00\x00data/sub/PK\x01\x02\x14\x03\x14\x00\x00\x00\x00\x00\x00\x00!P\x83\x16\xdc\x8c\x01\x00\x00\x00\x01\x00\x00\x00\x0b\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x80\x01\x9d\x04\x00\x00../evil.txtPK\x05\x06\x00\x00\x00\x00\x04\x00\x04\x00\xe6\x00\x00\x00\xc7\x04\x00\x00\x00\x00'
z = zipfile.ZipFile(io.BytesIO(blob))
print(z.namelist())
for zi in z.infolist():
    print(zi.filename, zi.file_size, zi.compress_type, zi.date_time, zi.is_dir(), zi.CRC)
print(z.read('data/names.txt')[:20], len(z.read('data/names.txt')), z.read('data/raw.bin')[250:], z.testzip())
with z.open('data/names.txt') as f:
    print(f.readline())
d = tempfile.mkdtemp()
z.extractall(d)
print(sorted(os.listdir(d)), sorted(os.listdir(os.path.join(d, 'data'))), os.path.exists(os.path.join(d, 'evil.txt')))
print(zipfile.is_zipfile(io.BytesIO(blob)), zipfile.is_zipfile(io.BytesIO(b'nope')))
out = io.BytesIO()
with zipfile.ZipFile(out, 'w') as w:
    w.writestr('a.txt', 'hello')
    w.writestr('b/c.txt', b'world' * 3)
back = zipfile.ZipFile(io.BytesIO(out.getvalue()))
print(back.namelist(), back.read('a.txt'), back.read('b/c.txt'), back.getinfo('a.txt').file_size)
p = os.path.join(d, 'arch.zip')
with zipfile.ZipFile(p, 'w') as w:
    w.write(os.path.join(d, 'data', 'names.txt'), arcname='names.txt')
with zipfile.ZipFile(p, 'a') as w:
    w.writestr('more.txt', 'more')
with zipfile.ZipFile(p) as r:
    print(r.namelist(), len(r.read('names.txt')), r.read('more.txt'))
try:
    z.getinfo('missing')
except KeyError as e:
    print('KeyError', e)
try:
    zipfile.ZipFile(io.BytesIO(b'not a zip at all'))
except zipfile.BadZipFile as e:
    print('BadZipFile', e)
