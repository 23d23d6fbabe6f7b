# printf-style % formatting in full.
print("%(name)s is %(age)d" % {"name": "Ann", "age": 30})
print("%(x)5.2f|%(x)-8.1f|%(y)05d" % {"x": 3.14159, "y": 42})
print("%(a)r %(a)s" % {"a": "q"})
print("%*d|%-*d|" % (5, 42, 4, 7))
print("%.*f" % (2, 3.14159))
print("%-5.2f|%5s|%-5s|" % (1.5, "ab", "cd"))
print("%x %X %o %#x %#o %e %E %g %G" % (255, 255, 8, 255, 8, 12345.678, 0.00012, 1e20, 1e-20))
print("%c%c %r %a %%" % (72, "i", "s", "é"))
print("%5.1e|%+d|% d|%05.1f" % (123.456, 3, 3, -2.5))
print("%s %s %s" % (None, [1, 2], (3,)))
print("%s" % (1,), "%s" % [1, 2], "%d%%" % 50)
print("%i %u" % (7, 8), "%d" % 3.99, "%x" % -255)
print("%.3s|%10.2s|" % ("abcdef", "xyz"))
print("%(n)s %(n)s" % {"n": 1})
print("%s" % {"k": 1})
for fmt, args in [("%d", "x"), ("%d %d", (1,)), ("%d", (1, 2)), ("%z", 1), ("%(k)s", {}),
                  ("%(k)s", 5), ("%c", 1114112), ("%c", "ab"), ("%x", 1.5), ("%", 1)]:
    try:
        print(fmt % args)
    except Exception as e:
        print(type(e).__name__ + ":", e)
