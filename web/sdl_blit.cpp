// SDL's software blitter, left out of the page: the page draws only through WebGL2 (ImGui's OpenGL
// back end), so no SDL surface is ever blitted in the browser. SDL's video core reaches its
// blitters through one function, SDL_CalculateBlit (called by SDL_MapSurface when a surface is first
// blitted or converted: window framebuffers, colour cursors, icons, none of which the page makes).
// Defining it here lets the web build leave out SDL_blit.c and with it the generated and hand-written
// blit loops (SDL_blit_auto/N/A/0/1/copy/slow: about 200 KB of the 8.2 MB kiln.wasm, measured on the
// linked module's function sizes; web/sdl2/CMakeLists.txt drops those files). Should a blit ever be
// asked for, it fails the way SDL fails a format pair it cannot blit: the map is invalidated and
// SDL_GetError() says why.
#include <SDL.h>

extern "C" {
// SDL's internal entry points (src/video/SDL_blit.h, SDL_pixels_c.h; SDL 2.26).
void SDL_InvalidateMap(SDL_BlitMap* map);

int SDL_CalculateBlit(SDL_Surface* surface) {
    SDL_InvalidateMap(surface->map);
    return SDL_SetError("software surface blits are not part of the Kiln web build (the page draws with WebGL2)");
}
}
