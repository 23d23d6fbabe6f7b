# badinput: complex format specs: each part laid out by CPython's rules (the whole padded, no '=' or zero padding); '=' alignment formatted silently before
# expect-exit: 1
# expect-stderr: ValueError: '=' alignment flag is not allowed in complex format specifier
z = 1 + 2j
checks = [
    (format(z, ""), "(1+2j)"), (format(z, ">10"), "    (1+2j)"), (format(z, ".2f"), "1.00+2.00j"),
    (format(z, "^20.2f"), "     1.00+2.00j     "), (format(z, "g"), "1+2j"), (format(z, "+.3e"), "+1.000e+00+2.000e+00j"),
    (format(z, ","), "(1+2j)"), (format(z, "#"), "(1.+2.j)"), (format(1j, ""), "1j"), (format(complex(-0.0, 1), ""), "(-0+1j)"),
    (format(1.5j, "<8"), "1.5j    "), (format(12345.5 + 0j, ",.1f"), "12,345.5+0.0j"), (f"{z:*<12}", "(1+2j)******"),
]
for got, want in checks:
    assert got == want, (got, want)
for spec, text in (("010", "Zero padding is not allowed in complex format specifier"),
                   ("%", "Unknown format code '%' for object of type 'complex'"),
                   ("d", "Unknown format code 'd' for object of type 'complex'")):
    try:
        format(z, spec)
        raise AssertionError(spec)
    except ValueError as e:
        assert str(e) == text, (str(e), text)
format(1j, "=10")
