# codecs.getwriter / getreader: text views over binary streams (subword-nmt's
# `sys.stderr = codecs.getwriter('UTF-8')(sys.stderr.buffer)`), and the binary sys.stdout.buffer.
import codecs
import os
import sys

out = codecs.getwriter('UTF-8')(sys.stdout.buffer)
print(type(out).__name__, type(out).__module__, issubclass(type(out), codecs.StreamWriter))
sys.stdout.flush()
out.write('caf\u00e9 via StreamWriter\n')
out.writelines(['a', 'b', '\n'])
out.flush()
print(out.errors, out.stream is sys.stdout.buffer)
n = sys.stdout.buffer.write(b'raw bytes\n')
sys.stdout.buffer.flush()
print(n, sys.stdout.buffer.name, sys.stderr.buffer.name, sys.stdout.buffer is sys.stdout.buffer)
try:
    sys.stdout.buffer.write('text')
except TypeError as e:
    print('TypeError', e)

path = 'tmp_mod_codecs_streams.txt'
with open(path, 'wb') as f:
    w = codecs.getwriter('latin-1')(f)
    w.write('na\u00efve\nline two\n')
with open(path, 'rb') as f:
    print(f.read())
with open(path, 'rb') as f:
    r = codecs.getreader('latin-1')(f)
    print(type(r).__name__, issubclass(type(r), codecs.StreamReader))
    print(ascii(r.readline()), ascii(r.readline(keepends=False)), ascii(r.readline()))
with open(path, 'rb') as f:
    print([ascii(line) for line in codecs.getreader('latin-1')(f)])
with open(path, 'rb') as f:
    print(ascii(codecs.getreader('utf-8')(f, errors='replace').read()))
with open(path, 'rb') as f:
    try:
        codecs.getreader('utf-8')(f).read()
    except UnicodeDecodeError as e:
        print('UnicodeDecodeError', e)
os.remove(path)
try:
    codecs.getwriter('no-such-codec')
except LookupError as e:
    print('LookupError', e)
