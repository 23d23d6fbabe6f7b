# Writes OUTPUT, a C++ file holding every engine/stdlib module as one tar archive (a string literal;
# gzip-compressed with -DCOMPRESS=ON, the browser's build) and the call that registers them
# (install_stdlib_archive, engine/vm/stdlib_archive.cpp, unpacks it once and gives each module's text
# to Interpreter::register_source_module). The modules ship inside the engine (natively and in the
# browser's wasm) and nothing reads files at run time; compressed, their 1.3 MB of Python cost the
# browser bundle about a quarter of that. Natively the archive stays plain (-DCOMPRESS=OFF): inflating
# it was a sixth of an ASan build's start, paid by every process.
# Deferred groups (the browser build: engine/CMakeLists.txt, KILN_STDLIB_DEFERRED): -DDEFERRED=a|b/c names
# modules or packages (a path without .py: `numpy`, `torch/distributions`; or NAME=path,path,...) left
# out of the embedded archive; each group becomes a gzip-compressed tar of its own in DEFERRED_DIR
# (numpy.tar.gz, torch.distributions.tar.gz, NAME.tar.gz) and the generated code registers its modules' names only, with the file
# that holds them (defer_stdlib_module, stdlib_archive.cpp): the page fetches a file at the first
# import of one of its modules, so a program that never imports NumPy never downloads it.
# Run at build time by engine/CMakeLists.txt:  cmake -DSTDLIB_DIR=... -DOUTPUT=... -P embed.cmake
# (the command also carries -DFILES=a.py|b.py, unused here: a changed set of files changes the
# command, which makes the build re-run it when a module is removed)
# Module names come from paths (stdlib_archive.cpp): NAME.py -> NAME, a/b.py -> a.b, pkg/__init__.py
# -> pkg (a package). Entries are sorted and stamped with time 0, so the same sources give the same
# bytes and an unchanged set of modules recompiles nothing.
#
# Comment-only lines are blanked in the archived copies (a line of only `# ...`; the line itself stays,
# so every line number, traceback and warning location is the file's): 211 KB of the 2.2 MB of
# modules, 83 KB of the compressed archive the browser downloads. Comments after code stay (telling
# them from a `#` inside a string needs a tokenizer), as does every docstring (a module's __doc__).
# tests/vm/test_stdlib_archive.cpp checks that each embedded module tokenizes exactly as its file
# does (a `#` line inside a triple-quoted string would be changed text: the test fails on it).
if(MODE STREQUAL "archive")  # the nested call below: archive FILES (relative to the current directory)
  string(REPLACE "|" ";" _rel "${FILES}")
  if(GZIP)
    file(ARCHIVE_CREATE OUTPUT ${ARCHIVE} PATHS ${_rel} FORMAT gnutar COMPRESSION GZip COMPRESSION_LEVEL 9 MTIME 0)
  else()
    file(ARCHIVE_CREATE OUTPUT ${ARCHIVE} PATHS ${_rel} FORMAT gnutar COMPRESSION None MTIME 0)
  endif()
  return()
endif()
file(GLOB_RECURSE _files RELATIVE ${STDLIB_DIR} ${STDLIB_DIR}/*.py)
list(SORT _files)
set(_archive ${OUTPUT}.tar.gz)
set(_stage ${OUTPUT}.stage)
file(REMOVE_RECURSE ${_stage})
foreach(_f ${_files})
  file(READ ${STDLIB_DIR}/${_f} _text)
  string(REGEX REPLACE "^[ \t]*#[^\n]*" "" _text "${_text}")
  string(REGEX REPLACE "\n[ \t]*#[^\n]*" "\n" _text "${_text}")
  file(WRITE ${_stage}/${_f} "${_text}")
endforeach()
# Paths are stored relative to the current directory: archived from the staging copy.
function(_kiln_archive archive files gzip)
  string(REPLACE ";" "|" _rel "${files}")
  execute_process(COMMAND ${CMAKE_COMMAND} -DMODE=archive -DARCHIVE=${archive} "-DFILES=${_rel}" -DGZIP=${gzip} -P ${CMAKE_CURRENT_LIST_FILE}
                  WORKING_DIRECTORY ${_stage} RESULT_VARIABLE _status)
  if(NOT _status EQUAL 0)
    message(FATAL_ERROR "embed.cmake: archiving the standard modules failed (${_status})")
  endif()
endfunction()
# The module a file defines, as stdlib_archive.cpp names it: a/b.py -> a.b, pkg/__init__.py -> pkg.
function(_kiln_module_name path out_name out_package)
  string(REGEX REPLACE "\\.py$" "" _m "${path}")
  set(_pkg false)
  if(_m MATCHES "/__init__$")
    string(REGEX REPLACE "/__init__$" "" _m "${_m}")
    set(_pkg true)
  endif()
  string(REPLACE "/" "." _m "${_m}")
  set(${out_name} "${_m}" PARENT_SCOPE)
  set(${out_package} ${_pkg} PARENT_SCOPE)
endfunction()
# Each deferred group: its files leave the embedded archive for a file of their own.
string(REPLACE "|" ";" _deferred "${DEFERRED}")
set(_deferred_calls "")
if(_deferred)
  file(MAKE_DIRECTORY ${DEFERRED_DIR})
endif()
# A group is one path (`numpy`: file numpy.tar.gz) or NAME=path,path,... (small modules shipped
# together in NAME.tar.gz, so that each does not cost a request of its own).
foreach(_group ${_deferred})
  if(_group MATCHES "^([^=]+)=(.*)$")
    set(_group_name "${CMAKE_MATCH_1}")
    string(REPLACE "," ";" _group_paths "${CMAKE_MATCH_2}")
  else()
    string(REPLACE "/" "." _group_name "${_group}")
    set(_group_paths ${_group})
  endif()
  set(_group_files "")
  foreach(_path ${_group_paths})
    set(_path_files "")
    foreach(_f ${_files})
      if(_f STREQUAL "${_path}.py" OR _f MATCHES "^${_path}/")
        list(APPEND _path_files ${_f})
      endif()
    endforeach()
    if(NOT _path_files)
      message(FATAL_ERROR "embed.cmake: the deferred path '${_path}' matches no module in ${STDLIB_DIR}")
    endif()
    list(APPEND _group_files ${_path_files})
  endforeach()
  list(REMOVE_ITEM _files ${_group_files})
  # (Its gzip header keeps the build's clock, which the embedded archive's loses below: CMake cannot
  # write arbitrary bytes to a file. The entries and their order are fixed, so only that stamp varies.)
  set(_group_file "${_group_name}.tar.gz")
  _kiln_archive(${DEFERRED_DIR}/${_group_file} "${_group_files}" ON)
  foreach(_f ${_group_files})
    _kiln_module_name(${_f} _name _package)
    string(APPEND _deferred_calls "    {\"${_name}\", ${_package}, \"${_group_file}\"},\n")
  endforeach()
endforeach()
if(NOT DEFINED COMPRESS)
  set(COMPRESS ON)
endif()
_kiln_archive(${_archive} "${_files}" ${COMPRESS})
file(REMOVE_RECURSE ${_stage})
file(READ ${_archive} _hex HEX)
file(REMOVE ${_archive})
if(COMPRESS)
  # The gzip header's own time stamp (bytes 4-7, outside the CRC) is the build's clock: zero it too.
  string(SUBSTRING "${_hex}" 0 8 _head)
  string(SUBSTRING "${_hex}" 16 -1 _tail)
  set(_hex "${_head}00000000${_tail}")
endif()
# One string literal of \x.. escapes, 64 bytes to a line (adjacent literals join): a compiler reads
# a literal of megabytes in a second, where an initializer list of as many numbers takes it minutes.
# Every byte is escaped, so no escape can swallow a following hex digit.
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" _array "${_hex}")
set(_byte "\\\\x[0-9a-f][0-9a-f]")  # CMake's regex has no {n} (and 9 groups at most): 64 bytes spelt out
string(REPEAT "${_byte}" 64 _line)
string(REGEX REPLACE "(${_line})" "\"\\1\"\n" _array "${_array}")
string(REGEX REPLACE "([^\n]+)$" "\"\\1\"" _array "${_array}")  # the last, shorter line
set(_out "// Generated by engine/stdlib/embed.cmake from engine/stdlib/*.py. Do not edit.\n")
string(APPEND _out "#include <cstddef>\n\nnamespace kiln::vm {\n")
string(APPEND _out "void install_stdlib_archive(const unsigned char* bytes, size_t size);  // stdlib_archive.cpp\n")
string(APPEND _out "void defer_stdlib_module(const char* name, bool package, const char* file);  // stdlib_archive.cpp\n\n")
string(APPEND _out "namespace {\nconst char kStdlibArchive[] =\n${_array};\n}  // namespace\n\n")
string(APPEND _out "namespace {\nstruct Deferred {\n    const char* name;\n    bool package;\n    const char* file;\n};\n")
string(APPEND _out "const Deferred kDeferred[] = {\n${_deferred_calls}    {nullptr, false, nullptr},\n};\n}  // namespace\n\n")
string(APPEND _out "void install_python_stdlib() {\n    install_stdlib_archive(reinterpret_cast<const unsigned char*>(kStdlibArchive), sizeof kStdlibArchive - 1);\n")
string(APPEND _out "    for (const Deferred* d = kDeferred; d->name; ++d) defer_stdlib_module(d->name, d->package, d->file);\n}\n")
string(APPEND _out "}  // namespace kiln::vm\n")
file(WRITE ${OUTPUT}.tmp "${_out}")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUTPUT}.tmp)
