// eglGetProcAddress for the page: the GL entry points SDL looks up by name, and no others.
//
// SDL's Emscripten video driver keeps eglGetProcAddress as its GL_GetProcAddress (SDL_egl.c), and
// Emscripten's own definition (system/lib/gl/libprocaddr.c -> gl.c's emscripten_GetProcAddress) is a
// strcmp chain over every WebGL 1/2 entry point and extension alias: linking it keeps all ~270 of
// them, each a JavaScript function in kiln.js plus its import and name in kiln.wasm, though nothing in
// the page looks GL functions up by name (ImGui's OpenGL3 backend, built with IMGUI_IMPL_OPENGL_ES3,
// calls them directly). Defining the symbol here keeps the library's out of the link. It answers the
// names SDL itself asks for (SDL_GL_ExtensionSupported, SDL_GL_GetAttribute: SDL_video.c) with the
// same functions; any other name is not found (NULL), as for an entry point the context lacks.
#include <GLES3/gl3.h>

#include <cstring>

extern "C" void* eglGetProcAddress(const char* name) {
    struct Entry {
        const char* name;
        void* fn;
    };
    static const Entry entries[] = {
        {"glGetString", reinterpret_cast<void*>(glGetString)},
        {"glGetStringi", reinterpret_cast<void*>(glGetStringi)},
        {"glGetIntegerv", reinterpret_cast<void*>(glGetIntegerv)},
        {"glGetError", reinterpret_cast<void*>(glGetError)},
        {"glBindFramebuffer", reinterpret_cast<void*>(glBindFramebuffer)},
        {"glGetFramebufferAttachmentParameteriv", reinterpret_cast<void*>(glGetFramebufferAttachmentParameteriv)},
    };
    for (const Entry& e : entries)
        if (name && std::strcmp(name, e.name) == 0) return e.fn;
    return nullptr;
}
