// FreeType and fontconfig, whose headers pkg-config finds (freetype2's are in a folder of
// their own): read by CGlyphOutlines, which turns text into outlines.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>
