# os.path's remaining posixpath functions: commonprefix, commonpath (and its errors), expandvars,
# normcase, splitdrive, splitroot, lexists, samefile, isjunction, ismount, supports_unicode_filenames.
import os.path as p
print([n for n in ['abspath','basename','commonpath','commonprefix','dirname','exists','expanduser','expandvars','getatime','getctime','getmtime','getsize','isabs','isdir','isfile','islink','join','lexists','normcase','normpath','realpath','relpath','samefile','samestat','split','splitdrive','splitext','supports_unicode_filenames', 'splitroot', 'isjunction'] if not hasattr(p, n)])
import os
os.environ['KV'] = 'val'
print(p.commonprefix(['/usr/lib', '/usr/local']), p.commonpath(['/usr/lib', '/usr/local']), p.commonpath(['a/b', 'a/c']), p.commonprefix([]))
print(p.expandvars('$KV/${KV}/$NOPE/${NOPE}x'), p.normcase('A/B'), p.splitdrive('/x/y'), p.splitroot('//a/b'), p.splitroot('/a'), p.splitroot('a'))
print(p.lexists('.'), p.lexists('nope_zz'), p.samefile('.', os.getcwd()), p.isjunction('.'), p.supports_unicode_filenames)
for bad in [lambda: p.commonpath([]), lambda: p.commonpath(['/a', 'b'])]:
    try:
        bad()
    except ValueError as e:
        print('ValueError', e)
print(p.ismount('.'), p.ismount('no_such_dir_zz'), p.ismount(os.getcwd()))
