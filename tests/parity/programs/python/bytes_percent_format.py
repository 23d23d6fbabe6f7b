# bytes % args (PEP 461) for bytes and bytearray: %s/%b (bytes-like or __bytes__), %r/%a, %c,
# numeric conversions with flags, widths and '*', %(key)s with bytes keys, %%, and CPython's errors.
print(b'%d-%s' % (5, b'x'), b'%5.2f|%-4d|%x|%c%c' % (3.14159, 7, 255, 65, b'B'), b'%r %a' % ('\u00e9', b'q'), b'%b' % bytearray(b'ba'))
print(bytearray(b'%s!') % b'hi', b'%(k)s=%(v)d' % {b'k': b'key', b'v': 3}, b'100%% %s' % b'done', b'%*d|%-*d|' % (4, 1, 3, 2), b'%.*f' % (1, 2.25))
print(b'\xff%s' % b'\xfe', b'%s' % b'', b'%05.1f %e %g %o %X %i %u' % (1.25, 1e5, 0.5, 8, 255, -3, 4))
class B:
    def __bytes__(self):
        return b'custom'
print(b'<%s>' % B(), b'%s' % (B(),))
for bad in [lambda: b'%s' % 'str', lambda: b'%d' % b'x', lambda: b'%s %s' % (b'a',), lambda: b'%s' % (b'a', b'b'), lambda: b'%c' % 256,
            lambda: b'%c' % b'ab', lambda: b'%y' % 1, lambda: b'%(a)s' % (1,), lambda: b'%' % (), lambda: b'%c' % 'a']:
    try:
        print(bad())
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__, e)
