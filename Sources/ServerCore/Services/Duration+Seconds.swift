extension Duration {
    /// The duration in seconds, with its fraction (for pauses, deadlines and the metrics' histograms).
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
