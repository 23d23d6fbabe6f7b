# int/float/str/bytes/bytearray methods scripts use: bit_length/to_bytes/from_bytes/bit_count,
# as_integer_ratio/is_integer/hex/fromhex, int()/float() parsing, divmod/pow/round, str padding,
# splitting, case, prefix/suffix, predicates, translate, encode/decode; bytes methods and %.
print((255).bit_length(), (255).to_bytes(2, 'big'), int.from_bytes(b'\x01\x00', 'little'), (10).bit_count(), (-7).__abs__())
print((7).as_integer_ratio(), (0.75).as_integer_ratio(), (2.0).is_integer(), (2.5).is_integer(), (0.1).hex(), float.fromhex('0x1.8p1'))
print(int('ff', 16), int('0b101', 0), int('  42 '), int('1_000'), float('1e3'), float(' -inf '), int(-3.9), int(True))
print(divmod(-7, 2), -7 // 2, -7 % 2, 7 % -3, pow(3, 4, 5), pow(2, -1, 7), abs(-2.5), round(-0.5), 2 ** -1)
print(str.zfill('42', 5), '-42'.zfill(5), 'abc'.center(9, '*'), 'abc'.ljust(5, '.'), 'abc'.rjust(5))
print('a,b,,c'.split(','), 'a b  c'.split(), 'a,b,c'.rsplit(',', 1), 'line1\nline2\r\n'.splitlines(), 'x\ny\n'.splitlines(keepends=True))
print('Hello World'.swapcase(), 'hello world'.title(), 'HELLO'.casefold(), 'abc'.capitalize(), 'tab\there'.expandtabs(4))
print('prefix_name'.removeprefix('prefix_'), 'file.txt'.removesuffix('.txt'), 'aaa'.replace('a', 'b', 2), 'abcabc'.find('c'), 'abcabc'.rfind('c'), 'abc'.find('z'))
print('abc'.startswith(('x', 'a')), 'abc'.endswith('bc', 1), 'a1'.isalnum(), '12'.isdigit(), ' '.isspace(), 'Ab'.istitle(), 'ab'.isidentifier(), '\u00b2'.isdecimal())
print('-'.join(['a', 'b']), 'abc'.partition('b'), 'abc'.rpartition('x'), 'hello'.count('l'), 'abc'.index('c'), 'a-b_c'.translate(str.maketrans('-_', '  ')))
print('  strip  '.strip(), 'xxabcxx'.strip('x'), '  l'.lstrip(), 'r  '.rstrip(), '%s' % 'q', 'abc'[::-1], '\u00e9'.encode('utf-8'), ascii(b'\xc3\xa9'.decode()))
print(ord('A'), chr(97), ascii('\u00e9'), repr('a\tb'), ascii('\u00df'.upper()), '\u0130'.lower().encode(), str(b'x'), str(1.5), str(-0.0))
b = b'hello world'
print(b.upper(), b.split(), b.replace(b'o', b'0'), b.find(b'o'), b[0], b[:5], b.hex(), bytes.fromhex('6869'), b.decode('ascii'), list(b[:3]))
ba = bytearray(b'abc'); ba.append(100); ba[0] = 65; ba.extend(b'ef'); del ba[1]
print(ba, bytes(ba), len(ba), ba.pop(), ba, bytearray(3), bytes([65, 66]), b'a' * 3, b'ab' + b'cd', b'x' in b'xyz')
print(b'%d-%s' % (5, b'x'), b'a,b'.split(b','), b' x '.strip(), b'abc'.startswith(b'a'), bytes(range(3)), b'\x00\xff'.hex(':'))
print(int.__name__, (5).real, (5).imag, (5).numerator, (5).denominator, (2.5).real, float('nan') != float('nan'), 1e308 * 10)
print(hex(255), oct(8), bin(5), hex(-1), format(255, 'x'), int('-0x1f', 16), 0x_ff, 0o17, 0b1_0)
print(max([3, 1, 2], key=lambda v: -v), min('bca'), sorted('bca', reverse=True), sum([0.1] * 10), sum([[1], [2]], []), abs(-0), -0.0 == 0.0)
