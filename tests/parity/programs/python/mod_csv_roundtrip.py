# csv: writer quoting, reader parsing, DictReader/DictWriter over io.StringIO
import types, numbers, textwrap, pprint, statistics, csv, io, queue, math
buf = io.StringIO()
w = csv.writer(buf)
w.writerow(['a', 'b,c', 'd"e', 1, 2.5, None, ''])
w.writerow([''])
w.writerows([[1, 2], ['x\ny', 'z']])
rows = list(csv.reader(io.StringIO(buf.getvalue())))
print(list(csv.reader(['a;b;"c;d"', ' x; y'], delimiter=';', skipinitialspace=True)))
buf = io.StringIO()
dw = csv.DictWriter(buf, fieldnames=['x', 'y']); dw.writeheader(); dw.writerow({'x': 1, 'y': 2}); dw.writerow({'x': 3})
for r in csv.DictReader(io.StringIO(buf.getvalue())): print(r)
