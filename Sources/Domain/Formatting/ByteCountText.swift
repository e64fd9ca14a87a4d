/// Writes byte counts the way people read them: `512 bytes`, `48 KB`, `4.2 MB` (1 KB = 1,024 bytes).
public enum ByteCountText {
    public static func describe(_ byteCount: Int) -> String {
        let units = ["KB", "MB", "GB", "TB"]
        guard byteCount >= 1024 else { return byteCount == 1 ? "1 byte" : "\(byteCount) bytes" }
        var value = Double(byteCount)
        var unit = -1
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = (value * 10).rounded() / 10
        let text = tenths >= 100 || tenths == tenths.rounded() ? String(Int(tenths.rounded())) : String(tenths)
        return "\(text) \(units[unit])"
    }
}
