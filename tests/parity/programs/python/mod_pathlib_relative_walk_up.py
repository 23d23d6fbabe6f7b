# PurePath.relative_to / is_relative_to in CPython 3.12: the 3.12 error texts, walk_up=True (one
# '..' per parent of the base climbed, never through a '..' segment), and different anchors.
from pathlib import PurePath, PurePosixPath

p = PurePosixPath('/usr/lib/python3/site.py')
print(p.relative_to('/usr'), p.relative_to(PurePosixPath('/usr/lib')), p.relative_to(p))
print(p.is_relative_to('/usr'), p.is_relative_to('/etc'), p.is_relative_to(p), PurePath('a/b').is_relative_to('a'))
print(p.relative_to('/usr/share/doc', walk_up=True), p.relative_to('/etc', walk_up=True))
print(PurePath('a/b/c').relative_to('a/x/y', walk_up=True), PurePath('a').relative_to('a/b', walk_up=True))
print(PurePath('a/b').relative_to(''), PurePath('a/b').relative_to('.'))
for target, base, walk in [('/a/b', '/c', False), ('a/b', '/a', False), ('/a/b', 'a', True),
                           ('a/b', 'c/../d', True), ('a/b', 'b', False), ('/x', '/x/y', False)]:
    try:
        print(PurePath(target).relative_to(base, walk_up=walk))
    except ValueError as e:
        print('ValueError', e)
