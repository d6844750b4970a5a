import TerminalUI

/// An image drawn with half blocks: each cell is `▀`, its top pixel the foreground colour and its
/// bottom pixel the background, so a cell shows two pixels stacked.
public enum HalfBlocks {
    /// `image` scaled (nearest pixel) to `columns` x `rows` cells, that is `columns` x `2 * rows` pixels.
    public static func lines(_ image: PNGPixels, columns: Int, rows: Int) -> [ScreenLine] {
        (0..<rows).map { row in
            ScreenLine(
                (0..<columns).map { column in
                    let x = column * image.width / columns
                    let top = image.pixel(x, (2 * row) * image.height / (2 * rows))
                    let bottom = image.pixel(x, (2 * row + 1) * image.height / (2 * rows))
                    return Span(
                        "▀",
                        Style(
                            foreground: RGB(top.red, top.green, top.blue),
                            background: RGB(bottom.red, bottom.green, bottom.blue)))
                })
        }
    }
}
