// Prints the unhinted outlines of a few characters of a family and weight as fontconfig matches
// them, in font units, as Swift literals for BuiltInGlyphs (scripts/fonts/builtin-glyphs runs
// it). Each outline is what FreeType's FT_Outline_Decompose calls with, in order: the points the
// terminal's dial draws, so that drawing them again needs no font at all.
#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int first;
static void point(const FT_Vector *v) { printf(", %ld, %ld", v->x, v->y); }
static int move_to(const FT_Vector *to, void *user) {
  printf("%s0", first ? "" : ", ");
  first = 0;
  point(to);
  return 0;
}
static int line_to(const FT_Vector *to, void *user) {
  printf(", 1");
  point(to);
  return 0;
}
static int conic_to(const FT_Vector *control, const FT_Vector *to, void *user) {
  printf(", 2");
  point(control);
  point(to);
  return 0;
}
static int cubic_to(const FT_Vector *c1, const FT_Vector *c2, const FT_Vector *to, void *user) {
  printf(", 3");
  point(c1);
  point(c2);
  point(to);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s FAMILY regular|bold CHARACTERS\n", argv[0]);
    return 2;
  }
  int bold = strcmp(argv[2], "bold") == 0;
  FcPattern *pattern = FcPatternCreate();
  FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)argv[1]);
  FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN);
  FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_MEDIUM);
  FcConfigSubstitute(NULL, pattern, FcMatchPattern);
  FcDefaultSubstitute(pattern);
  FcResult result;
  FcPattern *match = FcFontMatch(NULL, pattern, &result);
  FcChar8 *file = NULL, *family = NULL;
  int index = 0;
  FcBool embolden = FcFalse;
  if (!match || FcPatternGetString(match, FC_FILE, 0, &file) != FcResultMatch) return 1;
  FcPatternGetString(match, FC_FAMILY, 0, &family);
  FcPatternGetInteger(match, FC_INDEX, 0, &index);
  FcPatternGetBool(match, FC_EMBOLDEN, 0, &embolden);
  if (!family || strcmp((const char *)family, argv[1]) != 0 || embolden) {
    fprintf(stderr, "%s %s is not installed as itself (fontconfig gives %s)\n", argv[1], argv[2],
            file);
    return 1;
  }
  FT_Library library;
  FT_Face face;
  if (FT_Init_FreeType(&library) || FT_New_Face(library, (const char *)file, index, &face)) return 1;
  static const FT_Outline_Funcs calls = {move_to, line_to, conic_to, cubic_to, 0, 0};
  const char *base = strrchr((const char *)file, '/');
  printf("    // %s\n", base ? base + 1 : (const char *)file);
  printf("    BuiltInGlyphs.Face(\n");
  printf("      family: \"%s\", bold: %s, unitsPerEM: %d, ascender: %d, descender: %d,\n",
         argv[1], bold ? "true" : "false", face->units_per_EM, face->ascender, face->descender);
  printf("      glyphs: [\n");
  for (const unsigned char *c = (const unsigned char *)argv[3]; *c; c++) {
    FT_UInt glyph = FcFreeTypeCharIndex(face, *c);
    if (FT_Load_Glyph(face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP) ||
        face->glyph->format != FT_GLYPH_FORMAT_OUTLINE)
      return 1;
    FT_BBox box = {0, 0, 0, 0};
    if (face->glyph->outline.n_points > 0) FT_Outline_Get_CBox(&face->glyph->outline, &box);
    printf("        0x%02X: .init(\n", *c);
    printf("          advance: %ld, inked: %s, box: (%ld, %ld, %ld, %ld),\n",
           face->glyph->advance.x, face->glyph->outline.n_points > 0 ? "true" : "false", box.xMin,
           box.yMin, box.xMax, box.yMax);
    printf("          path: [");
    first = 1;
    FT_Outline_Decompose(&face->glyph->outline, &calls, NULL);
    printf("]),\n");
  }
  printf("      ]),\n");
  return 0;
}
