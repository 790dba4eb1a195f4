import LineupCore

extension BoatState {
    /// The balance sums of the weights as `format` shows them: the totals a chart prints add up.
    public func shownSums(_ format: WeightFormat = .kilograms) -> BalanceSums {
        lineup.balanceSums(weights: format.shownWeights(roster))
    }

    /// The balance verdict, with the sums of the weights as shown.
    public func verdict(_ format: WeightFormat = .kilograms) -> BalanceVerdict {
        BalanceVerdict(sums: shownSums(format), moments: moments, model: balanceModel, kind: boat.kind)
    }

    /// The one-figure imbalance the optimizer makes small, in kilograms.
    public var imbalanceKg: Double { moments.imbalanceKg(balanceModel, kind: boat.kind) }
}

/// The balance block every command prints under a lineup or a change: per axis the headline verdict, the
/// sums and the moment, and why the sums lean another way when they do.
public struct BalanceText {
    public var verdict: BalanceVerdict
    public var format: WeightFormat
    /// Seats with a paddler of unknown weight, as `L3 Ann`; listed on a line of their own unless empty.
    public var unknownWeights: [String]

    public init(verdict: BalanceVerdict, format: WeightFormat = .kilograms, unknownWeights: [String] = []) {
        self.verdict = verdict
        self.format = format
        self.unknownWeights = unknownWeights
    }

    /// The block for `state`; `listingUnknownWeights` false when the crew-rule findings beside it list them.
    public init(state: BoatState, format: WeightFormat = .kilograms, listingUnknownWeights: Bool = true) {
        let unknown = state.balance.unknownWeights.map { "\($0) \(state.paddler(at: $0)?.name.terminalSafe ?? "?")" }
        self.init(
            verdict: state.verdict(format), format: format, unknownWeights: listingUnknownWeights ? unknown : [])
    }

    /// Lines of at most about 80 columns.
    public func lines(style: TextStyle = .plain) -> [String] {
        let indent = String(repeating: " ", count: 12)
        var lines: [String] = []
        for axis in verdict.axes {
            let title = axis.axis == .frontBack ? "Front/back" : "Left/right"
            lines.append(TextLayout.pad(title, 12) + BalanceWords.headline(axis, format: format))
            lines.append(indent + BalanceWords.sums(axis, format: format) + "; " + BalanceWords.moment(axis))
            if let why = BalanceWords.whyTheyDiffer(axis, format: format) {
                lines += TextLayout.wrap(why, columns: 80 - indent.count).map { indent + style.dim($0) }
            }
        }
        if !unknownWeights.isEmpty {
            lines.append(style.warning("Unknown weight (counted as 0): ") + unknownWeights.joinedText(separator: ", "))
        }
        return lines
    }
}
