# configparser: INI parsing, DEFAULT, interpolation (basic, extended), typed getters, mapping access, write, errors
import configparser, io
text = """
# experiment config
[DEFAULT]
base_dir = /data
seed = 42

[training]
lr = 0.001
epochs = 10
use_cuda = yes
out_dir = %(base_dir)s/runs
Batch_Size: 64
notes = first line
    second line

; comment
[model]
name = resnet
layers = 18
"""
c = configparser.ConfigParser()
c.read_string(text)
print(c.sections(), c.has_section('model'), c.has_option('training', 'batch_size'))
print(c.get('training', 'lr'), c.getfloat('training', 'lr'), c.getint('training', 'epochs'), c.getboolean('training', 'use_cuda'))
print(c.get('training', 'out_dir'), c.get('training', 'out_dir', raw=True), repr(c['training']['notes']), c['model']['seed'])
print(c.options('model'), sorted(c['training'].keys()), c.get('model', 'missing', fallback='dflt'), c.getint('model', 'x', fallback=7))
print(dict(c.items('model')), [s for s in c], 'model' in c, c['training'].getint('epochs'))
c['extra'] = {'a': '1', 'b': 'two'}
c.set('model', 'layers', '34')
buf = io.StringIO()
c.write(buf)
print(buf.getvalue())
e = configparser.ConfigParser(interpolation=configparser.ExtendedInterpolation())
e.read_string("[paths]\nroot = /r\ndata = ${root}/data\n[other]\nx = ${paths:data}/x\n")
print(e.get('paths', 'data'), e.get('other', 'x'))
for bad in ["no header = 1\n", "[a]\nk = 1\nk = 2\n", "[a]\n[a]\n"]:
    try:
        configparser.ConfigParser().read_string(bad)
    except configparser.Error as err:
        print(type(err).__name__, err)
try:
    c.get('nosuch', 'x')
except configparser.NoSectionError as err:
    print(err)
try:
    c.get('model', 'nosuch')
except configparser.NoOptionError as err:
    print(err)
r = configparser.RawConfigParser()
r.read_string("[s]\nv = %(x)s\n")
print(r.get('s', 'v'))
