# json cls=/JSONEncoder/JSONDecoder, warnings.formatwarning/showwarning, shutil.copytree/ignore_patterns/which, tempfile.NamedTemporaryFile
import json
class E(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, set): return sorted(o)
        return super().default(o)
try: print(json.dumps({'a': {3, 1}}, cls=E))
except Exception as e: print('E1', type(e).__name__, e)
try: print(json.dumps({'a': {3, 1}}, default=sorted))
except Exception as e: print('E2', type(e).__name__, e)
try: print(json.JSONDecoder().decode('[1, 2]'))
except Exception as e: print('E3', type(e).__name__, e)
import warnings
try: print(warnings.formatwarning('msg', UserWarning, 'f.py', 3))
except Exception as e: print('E4', type(e).__name__, e)
import shutil, tempfile, os, sys
print(hasattr(shutil, 'copytree'), hasattr(tempfile, 'NamedTemporaryFile'))
print(json.dumps([1, {'b': 2}], cls=E, indent=2), json.loads('{"a": [1, 2]}', cls=json.JSONDecoder), json.JSONDecoder().raw_decode('[1] tail'))
try: json.dumps(object())
except TypeError as e: print(e)
import io
buf = io.StringIO(); json.dump({'s': {2, 1}}, buf, cls=E); print(buf.getvalue())
print(warnings.formatwarning('careful', DeprecationWarning, 'x.py', 10, '  y = 1  '))
warnings.showwarning('hi', UserWarning, 'z.py', 1, file=sys.stdout)
import tempfile
d = tempfile.mkdtemp(); os.makedirs(os.path.join(d, 'src', 'sub'))
for p in ['a.txt', 'b.log', 'sub/c.txt']:
    with open(os.path.join(d, 'src', p), 'w') as f: f.write(p)
shutil.copytree(os.path.join(d, 'src'), os.path.join(d, 'dst'), ignore=shutil.ignore_patterns('*.log'))
print(sorted(os.listdir(os.path.join(d, 'dst'))), open(os.path.join(d, 'dst', 'sub', 'c.txt')).read(), shutil.which('definitely-not-a-command-xyz'))
with tempfile.NamedTemporaryFile('w+', suffix='.txt') as tf:
    tf.write('hello')
    tf.flush()
    tf.seek(0)
    print(tf.read(), tf.name.endswith('.txt'), os.path.exists(tf.name))
    nm = tf.name
print(os.path.exists(nm))
