#ifndef TIDINGS_CIMAGE_SHIM_H
#define TIDINGS_CIMAGE_SHIM_H

// Debian's image libraries for the daemon's article images: libpng, libjpeg-turbo, libwebp and
// giflib decode (the first frame), libpng encodes the scaled picture for the kitty graphics
// protocol, and libchafa encodes it as sixels. libpng and libjpeg report errors by longjmp, which
// must never cross a Swift frame: every call into them is made from the C functions below, which
// catch it with setjmp here and return an error code with a message. Each decoder reads the
// image's size from its header first and refuses one past `max_pixels` (or past the libraries'
// own limits) before allocating anything for it; rows are scaled down as they are decoded
// (`tidings_rows`), so memory follows the picture shown, not the image's size.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <png.h>
#include <jpeglib.h>
#include <jerror.h>
#include <webp/decode.h>
#include <gif_lib.h>
#include <chafa.h>

enum { TIDINGS_IMAGE_UNKNOWN = 0, TIDINGS_IMAGE_PNG = 1, TIDINGS_IMAGE_JPEG = 2, TIDINGS_IMAGE_WEBP = 3, TIDINGS_IMAGE_GIF = 4 };

/// The format of `bytes` by its magic number.
static inline int tidings_image_format(const uint8_t *bytes, size_t count) {
    if (count >= 8 && memcmp(bytes, "\x89PNG\r\n\x1a\n", 8) == 0) return TIDINGS_IMAGE_PNG;
    if (count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) return TIDINGS_IMAGE_JPEG;
    if (count >= 12 && memcmp(bytes, "RIFF", 4) == 0 && memcmp(bytes + 8, "WEBP", 4) == 0) return TIDINGS_IMAGE_WEBP;
    if (count >= 6 && (memcmp(bytes, "GIF87a", 6) == 0 || memcmp(bytes, "GIF89a", 6) == 0)) return TIDINGS_IMAGE_GIF;
    return TIDINGS_IMAGE_UNKNOWN;
}

// MARK: - Scaling rows down as they come

/// A box filter from `source_width` x `source_height` to `width` x `height` (never larger),
/// fed one source row at a time in order; memory is one output row of sums.
typedef struct {
    int source_width, source_height, width, height;
    int row;            // the output row being summed
    uint32_t *sums;     // width * 4 channel sums
    uint32_t *counts;   // width
    uint8_t *out;       // width * height * 4, RGBA
} tidings_rows;

static inline int tidings_rows_init(tidings_rows *rows, int source_width, int source_height, int width, int height, uint8_t *out) {
    rows->source_width = source_width;
    rows->source_height = source_height;
    rows->width = width;
    rows->height = height;
    rows->row = 0;
    rows->out = out;
    rows->sums = calloc((size_t)width * 4, sizeof(uint32_t));
    rows->counts = calloc((size_t)width, sizeof(uint32_t));
    return rows->sums != NULL && rows->counts != NULL;
}

static inline void tidings_rows_flush(tidings_rows *rows) {
    if (rows->row >= rows->height) return;
    uint8_t *line = rows->out + (size_t)rows->row * rows->width * 4;
    for (int x = 0; x < rows->width; x++) {
        uint32_t count = rows->counts[x] ? rows->counts[x] : 1;
        for (int c = 0; c < 4; c++) line[x * 4 + c] = (uint8_t)(rows->sums[x * 4 + c] / count);
    }
    memset(rows->sums, 0, (size_t)rows->width * 4 * sizeof(uint32_t));
    memset(rows->counts, 0, (size_t)rows->width * sizeof(uint32_t));
}

/// Adds source row `y` (RGBA, `source_width` pixels).
static inline void tidings_rows_add(tidings_rows *rows, int y, const uint8_t *rgba) {
    int target = (int)((int64_t)y * rows->height / rows->source_height);
    while (rows->row < target) {
        tidings_rows_flush(rows);
        rows->row++;
    }
    for (int x = 0; x < rows->source_width; x++) {
        int tx = (int)((int64_t)x * rows->width / rows->source_width);
        uint32_t *sum = rows->sums + tx * 4;
        sum[0] += rgba[x * 4];
        sum[1] += rgba[x * 4 + 1];
        sum[2] += rgba[x * 4 + 2];
        sum[3] += rgba[x * 4 + 3];
        rows->counts[tx]++;
    }
}

static inline void tidings_rows_finish(tidings_rows *rows) {
    while (rows->row < rows->height) {
        tidings_rows_flush(rows);
        rows->row++;
    }
    free(rows->sums);
    free(rows->counts);
    rows->sums = NULL;
    rows->counts = NULL;
}

static inline void tidings_rows_free(tidings_rows *rows) {
    free(rows->sums);
    free(rows->counts);
    rows->sums = NULL;
    rows->counts = NULL;
}

static inline void tidings_image_error(char *error, size_t size, const char *message) {
    if (size > 0) snprintf(error, size, "%s", message);
}

// MARK: - Sizes from headers

/// The image's width and height from its header, without decoding it.
/// - Returns: 0, or -1 with `error` set when the header cannot be read.
static inline int tidings_image_size(const uint8_t *bytes, size_t count, int format, int *width, int *height, char *error, size_t error_size) {
    *width = 0;
    *height = 0;
    switch (format) {
    case TIDINGS_IMAGE_PNG:
        // IHDR is the first chunk: width and height big-endian at bytes 16 and 20.
        if (count < 24 || memcmp(bytes + 12, "IHDR", 4) != 0) break;
        *width = (int)(((uint32_t)bytes[16] << 24 | bytes[17] << 16 | bytes[18] << 8 | bytes[19]) & 0x7FFFFFFF);
        *height = (int)(((uint32_t)bytes[20] << 24 | bytes[21] << 16 | bytes[22] << 8 | bytes[23]) & 0x7FFFFFFF);
        return 0;
    case TIDINGS_IMAGE_WEBP: {
        WebPBitstreamFeatures features;
        if (WebPGetFeatures(bytes, count, &features) != VP8_STATUS_OK) break;
        if (features.has_animation) {
            tidings_image_error(error, error_size, "an animated WebP");
            return -1;
        }
        *width = features.width;
        *height = features.height;
        return 0;
    }
    case TIDINGS_IMAGE_GIF:
        if (count < 10) break;
        *width = bytes[6] | bytes[7] << 8;
        *height = bytes[8] | bytes[9] << 8;
        return 0;
    case TIDINGS_IMAGE_JPEG: {
        // The first start-of-frame marker holds the size.
        size_t at = 2;
        while (at + 9 < count) {
            if (bytes[at] != 0xFF) { at++; continue; }
            uint8_t marker = bytes[at + 1];
            if (marker == 0xFF) { at++; continue; }
            if (marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) { at += 2; continue; }
            size_t length = (size_t)bytes[at + 2] << 8 | bytes[at + 3];
            if ((marker >= 0xC0 && marker <= 0xCF) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
                *height = bytes[at + 5] << 8 | bytes[at + 6];
                *width = bytes[at + 7] << 8 | bytes[at + 8];
                return 0;
            }
            if (length < 2) break;
            at += 2 + length;
        }
        break;
    }
    default:
        tidings_image_error(error, error_size, "not an image format the reader draws (PNG, JPEG, WebP, GIF)");
        return -1;
    }
    tidings_image_error(error, error_size, "a damaged image header");
    return -1;
}

// MARK: - PNG

typedef struct {
    const uint8_t *bytes;
    size_t count, at;
} tidings_memory;

typedef struct {
    jmp_buf jump;
    char *error;
    size_t error_size;
} tidings_png_failure;

static inline void tidings_png_read(png_structp png, png_bytep data, png_size_t length) {
    tidings_memory *memory = png_get_io_ptr(png);
    if (memory->count - memory->at < length) png_error(png, "the PNG is cut short");
    memcpy(data, memory->bytes + memory->at, length);
    memory->at += length;
}

static inline void tidings_png_fail(png_structp png, png_const_charp message) {
    tidings_png_failure *failure = png_get_error_ptr(png);
    tidings_image_error(failure->error, failure->error_size, message);
    longjmp(failure->jump, 1);
}

static inline void tidings_png_warn(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static inline int tidings_png_decode(const uint8_t *bytes, size_t count, int width, int height, uint8_t *out, char *error, size_t error_size) {
    tidings_png_failure failure = { .error = error, .error_size = error_size };
    tidings_memory memory = { bytes, count, 0 };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &failure, tidings_png_fail, tidings_png_warn);
    if (!png) return -1;
    png_infop info = png_create_info_struct(png);
    // volatile: read after a longjmp.
    uint8_t *volatile line = NULL;
    uint8_t *volatile whole = NULL;
    tidings_rows rows = { 0 };
    if (!info || setjmp(failure.jump)) {
        free(line);
        free(whole);
        tidings_rows_free(&rows);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return -1;
    }
    png_set_user_limits(png, 65535, 65535);
    png_set_chunk_malloc_max(png, 8 << 20);
    png_set_read_fn(png, &memory, tidings_png_read);
    png_read_info(png, info);
    int source_width = (int)png_get_image_width(png, info), source_height = (int)png_get_image_height(png, info);
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (!tidings_rows_init(&rows, source_width, source_height, width, height, out)) png_error(png, "out of memory");
    if (passes > 1) {
        // An interlaced image comes in seven passes over the whole: decoded whole, then scaled.
        whole = malloc((size_t)source_width * source_height * 4);
        if (!whole) png_error(png, "out of memory");
        png_bytep *pointers = malloc(sizeof(png_bytep) * source_height);
        if (!pointers) png_error(png, "out of memory");
        for (int y = 0; y < source_height; y++) pointers[y] = whole + (size_t)y * source_width * 4;
        png_read_image(png, pointers);
        free(pointers);
        for (int y = 0; y < source_height; y++) tidings_rows_add(&rows, y, whole + (size_t)y * source_width * 4);
    } else {
        line = malloc((size_t)source_width * 4);
        if (!line) png_error(png, "out of memory");
        for (int y = 0; y < source_height; y++) {
            png_read_row(png, line, NULL);
            tidings_rows_add(&rows, y, line);
        }
    }
    tidings_rows_finish(&rows);
    free(line);
    free(whole);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

// MARK: - JPEG

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int cut;
} tidings_jpeg_failure;

static inline void tidings_jpeg_fail(j_common_ptr info) {
    longjmp(((tidings_jpeg_failure *)info->err)->jump, 1);
}

static inline void tidings_jpeg_message(j_common_ptr info, int level) {
    tidings_jpeg_failure *failure = (tidings_jpeg_failure *)info->err;
    if (level < 0 && failure->manager.msg_code == JWRN_JPEG_EOF) failure->cut = 1;
}

static inline int tidings_jpeg_decode(const uint8_t *bytes, size_t count, int width, int height, uint8_t *out, char *error, size_t error_size) {
    struct jpeg_decompress_struct info;
    tidings_jpeg_failure failure;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = tidings_jpeg_fail;
    failure.manager.emit_message = tidings_jpeg_message;
    failure.cut = 0;
    uint8_t *volatile line = NULL;
    tidings_rows rows = { 0 };
    if (setjmp(failure.jump)) {
        char message[JMSG_LENGTH_MAX];
        failure.manager.format_message((j_common_ptr)&info, message);
        tidings_image_error(error, error_size, message);
        free(line);
        tidings_rows_free(&rows);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    info.mem->max_memory_to_use = 64L << 20;
    jpeg_mem_src(&info, bytes, (unsigned long)count);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_EXT_RGBA;
    // libjpeg scales by 1/2, 1/4 or 1/8 as it decodes: the largest that stays above the size shown.
    info.scale_num = 1;
    info.scale_denom = 1;
    while (info.scale_denom < 8 && (int)(info.image_width / (info.scale_denom * 2)) >= width
           && (int)(info.image_height / (info.scale_denom * 2)) >= height) info.scale_denom *= 2;
    jpeg_start_decompress(&info);
    int source_width = (int)info.output_width, source_height = (int)info.output_height;
    if (!tidings_rows_init(&rows, source_width, source_height, width, height, out)) {
        tidings_image_error(error, error_size, "out of memory");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    line = malloc((size_t)source_width * 4);
    if (!line) {
        tidings_rows_free(&rows);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height && !failure.cut) {
        JSAMPROW row = line;
        int y = (int)info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
        tidings_rows_add(&rows, y, line);
    }
    if (failure.cut) {
        tidings_image_error(error, error_size, "the JPEG is cut short");
        free(line);
        tidings_rows_free(&rows);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_finish_decompress(&info);
    tidings_rows_finish(&rows);
    free(line);
    jpeg_destroy_decompress(&info);
    return 0;
}

// MARK: - WebP

static inline int tidings_webp_decode(const uint8_t *bytes, size_t count, int width, int height, uint8_t *out, char *error, size_t error_size) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return -1;
    // Scaled as it is decoded, into the picture's own memory.
    config.options.use_scaling = 1;
    config.options.scaled_width = width;
    config.options.scaled_height = height;
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = out;
    config.output.u.RGBA.stride = width * 4;
    config.output.u.RGBA.size = (size_t)width * height * 4;
    VP8StatusCode status = WebPDecode(bytes, count, &config);
    WebPFreeDecBuffer(&config.output);
    if (status != VP8_STATUS_OK) {
        tidings_image_error(error, error_size, status == VP8_STATUS_NOT_ENOUGH_DATA ? "the WebP is cut short" : "a damaged WebP");
        return -1;
    }
    return 0;
}

// MARK: - GIF (the first frame)

static inline int tidings_gif_read(GifFileType *gif, GifByteType *data, int length) {
    tidings_memory *memory = gif->UserData;
    size_t left = memory->count - memory->at;
    size_t take = (size_t)length < left ? (size_t)length : left;
    memcpy(data, memory->bytes + memory->at, take);
    memory->at += take;
    return (int)take;
}

static inline int tidings_gif_decode(const uint8_t *bytes, size_t count, int width, int height, uint8_t *out, char *error, size_t error_size) {
    tidings_memory memory = { bytes, count, 0 };
    int status = 0;
    GifFileType *gif = DGifOpen(&memory, tidings_gif_read, &status);
    if (!gif) {
        tidings_image_error(error, error_size, "a damaged GIF");
        return -1;
    }
    int transparent = -1, result = -1;
    uint8_t *canvas = NULL, *indices = NULL;
    GifRecordType record;
    const char *problem = "a GIF without a picture";
    while (DGifGetRecordType(gif, &record) == GIF_OK && record != TERMINATE_RECORD_TYPE) {
        if (record == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *extension;
            if (DGifGetExtension(gif, &code, &extension) != GIF_OK) { problem = "a damaged GIF"; break; }
            while (extension) {
                if (code == GRAPHICS_EXT_FUNC_CODE && extension[0] >= 4 && (extension[1] & 1)) transparent = extension[4];
                if (DGifGetExtensionNext(gif, &extension) != GIF_OK) { extension = NULL; }
            }
            continue;
        }
        if (record != IMAGE_DESC_RECORD_TYPE) continue;
        if (DGifGetImageDesc(gif) != GIF_OK) { problem = "a damaged GIF"; break; }
        GifImageDesc *frame = &gif->Image;
        ColorMapObject *colors = frame->ColorMap ? frame->ColorMap : gif->SColorMap;
        int screen_width = gif->SWidth, screen_height = gif->SHeight;
        if (!colors || frame->Width <= 0 || frame->Height <= 0 || screen_width <= 0 || screen_height <= 0
            || frame->Left + frame->Width > screen_width || frame->Top + frame->Height > screen_height) {
            problem = "a damaged GIF";
            break;
        }
        canvas = calloc((size_t)screen_width * screen_height, 4);
        indices = malloc((size_t)frame->Width);
        if (!canvas || !indices) { problem = "out of memory"; break; }
        static const int starts[] = { 0, 4, 2, 1 }, steps[] = { 8, 8, 4, 2 };
        int passes = frame->Interlace ? 4 : 1, failed = 0;
        for (int pass = 0; pass < passes && !failed; pass++) {
            int start = frame->Interlace ? starts[pass] : 0, step = frame->Interlace ? steps[pass] : 1;
            for (int y = start; y < frame->Height; y += step) {
                if (DGifGetLine(gif, indices, frame->Width) != GIF_OK) { failed = 1; break; }
                uint8_t *pixel = canvas + ((size_t)(frame->Top + y) * screen_width + frame->Left) * 4;
                for (int x = 0; x < frame->Width; x++, pixel += 4) {
                    int index = indices[x];
                    if (index == transparent || index >= colors->ColorCount) continue;
                    GifColorType color = colors->Colors[index];
                    pixel[0] = color.Red;
                    pixel[1] = color.Green;
                    pixel[2] = color.Blue;
                    pixel[3] = 0xFF;
                }
            }
        }
        if (failed) { problem = "the GIF is cut short"; break; }
        tidings_rows rows;
        if (!tidings_rows_init(&rows, screen_width, screen_height, width, height, out)) { problem = "out of memory"; break; }
        for (int y = 0; y < screen_height; y++) tidings_rows_add(&rows, y, canvas + (size_t)y * screen_width * 4);
        tidings_rows_finish(&rows);
        result = 0;
        break;
    }
    if (result != 0) tidings_image_error(error, error_size, problem);
    free(canvas);
    free(indices);
    DGifCloseFile(gif, &status);
    return result;
}

/// Decodes `bytes` of `format` scaled to `width` x `height` into `out` (width * height * 4 bytes,
/// RGBA). The caller checked the size from the header (`tidings_image_size`) against its budget.
/// - Returns: 0, or -1 with `error` set.
static inline int tidings_image_decode(const uint8_t *bytes, size_t count, int format, int width, int height, uint8_t *out, char *error, size_t error_size) {
    switch (format) {
    case TIDINGS_IMAGE_PNG: return tidings_png_decode(bytes, count, width, height, out, error, error_size);
    case TIDINGS_IMAGE_JPEG: return tidings_jpeg_decode(bytes, count, width, height, out, error, error_size);
    case TIDINGS_IMAGE_WEBP: return tidings_webp_decode(bytes, count, width, height, out, error, error_size);
    case TIDINGS_IMAGE_GIF: return tidings_gif_decode(bytes, count, width, height, out, error, error_size);
    default:
        tidings_image_error(error, error_size, "not an image format the reader draws (PNG, JPEG, WebP, GIF)");
        return -1;
    }
}

// MARK: - Encoding for the terminal

typedef struct {
    uint8_t *bytes;
    size_t count, capacity;
    int failed;
} tidings_buffer;

static inline void tidings_png_write(png_structp png, png_bytep data, png_size_t length) {
    tidings_buffer *buffer = png_get_io_ptr(png);
    if (buffer->count + length > buffer->capacity) {
        size_t capacity = (buffer->capacity ? buffer->capacity * 2 : 65536);
        while (capacity < buffer->count + length) capacity *= 2;
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (!grown) png_error(png, "out of memory");
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->count, data, length);
    buffer->count += length;
}

static inline void tidings_png_flush(png_structp png) { (void)png; }

/// `rgba` (`width` x `height`) as a PNG, in `*bytes` (to be freed with `free`).
static inline int tidings_png_encode(const uint8_t *rgba, int width, int height, uint8_t **bytes, size_t *count) {
    char error[128];
    tidings_png_failure failure = { .error = error, .error_size = sizeof error };
    tidings_buffer buffer = { 0 };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &failure, tidings_png_fail, tidings_png_warn);
    if (!png) return -1;
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(failure.jump)) {
        free(buffer.bytes);
        png_destroy_write_struct(&png, info ? &info : NULL);
        return -1;
    }
    png_set_write_fn(png, &buffer, tidings_png_write, tidings_png_flush);
    // Fast: the picture is drawn once and never kept.
    png_set_compression_level(png, 1);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rgba + (size_t)y * width * 4));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *bytes = buffer.bytes;
    *count = buffer.count;
    return 0;
}

/// `rgba` (`width` x `height`) as sixels (the DCS sequence whole) by libchafa, filling `columns` x
/// `rows` cells of `cell_width` x `cell_height` pixels; `*bytes` is freed with `g_free`.
static inline int tidings_sixel_encode(const uint8_t *rgba, int width, int height, int columns, int rows, int cell_width, int cell_height, char **bytes, size_t *count) {
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS);
    chafa_canvas_config_set_geometry(config, columns, rows);
    chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
    ChafaCanvas *canvas = chafa_canvas_new(config);
    chafa_canvas_config_unref(config);
    if (!canvas) return -1;
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height, width * 4);
    // The DCS that opens sixels (P1 0: aspect 2:1 as VT340s default to, which the raster
    // attributes chafa writes override; P2 1: pixels not drawn stay as they were) and the ST
    // that closes them, whatever the terminal's name says.
    ChafaTermInfo *terminal = chafa_term_info_new();
    chafa_term_info_set_seq(terminal, CHAFA_TERM_SEQ_BEGIN_SIXELS, "\033P%1;%2;%3q", NULL);
    chafa_term_info_set_seq(terminal, CHAFA_TERM_SEQ_END_SIXELS, "\033\\", NULL);
    GString *printed = chafa_canvas_print(canvas, terminal);
    chafa_term_info_unref(terminal);
    chafa_canvas_unref(canvas);
    if (!printed) return -1;
    *count = printed->len;
    *bytes = g_string_free(printed, FALSE);
    return 0;
}

static inline void tidings_glib_free(void *pointer) { g_free(pointer); }

#endif
