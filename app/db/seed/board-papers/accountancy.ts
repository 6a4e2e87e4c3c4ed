/**
 * Accountancy Class 12: a full 80-mark, 3-hour paper in the CBSE 2025–26 blueprint (34 questions).
 * Part A (60 marks, compulsory): Q1–16 of 1 mark, Q17–20 of 3, Q21–22 of 4, Q23–26 of 6. Part B
 * (20 marks): Option I Analysis of Financial Statements or Option II Computerised Accounting, each
 * Q27–30 of 1 mark, Q31–32 of 3, Q33 of 4 and Q34 of 6. Every question written for this store.
 */
import { ar, type BoardPaper, either, journal, journalEntry, mcq, numeric, one, table, written } from "./build";

const FUNDAMENTALS = "Partnership — Fundamentals";
const CHANGE = "Partnership — Change in Profit-Sharing Ratio";
const ADMISSION = "Partnership — Admission";
const RETIREMENT = "Partnership — Retirement and Death";
const DISSOLUTION = "Dissolution of a Partnership Firm";
const SHARES = "Accounting for Share Capital";
const DEBENTURES = "Issue and Redemption of Debentures";
const COMPANY_STATEMENTS = "Financial Statements of a Company";
const ANALYSIS = "Analysis of Financial Statements";
const RATIOS = "Accounting Ratios";
const CASH_FLOW = "Cash Flow Statement";

/* ------------------------------------------------------------------ Part A */

const q1 = mcq(
  FUNDAMENTALS,
  "In the absence of a partnership deed, interest on partners' capitals is:",
  ["allowed at 6% per annum", "not allowed", "allowed at 12% per annum", "allowed at the bank rate"],
  1,
  "Without an agreement, the Indian Partnership Act, 1932 allows no interest on capital (only 6% p.a. on a partner's loan to the firm).",
  "easy",
);

const q2 = mcq(
  FUNDAMENTALS,
  "Meera, a partner, withdrew ₹5,000 at the beginning of each quarter of the year ended 31 March 2025. Interest on drawings is charged at 10% per annum. The interest on her drawings is:",
  ["₹1,250", "₹1,000", "₹750", "₹2,000"],
  0,
  "Drawings at the beginning of each quarter are outstanding for 7.5 months on average: ₹20,000 × 10% × 7.5/12 = ₹1,250.",
);

const q3 = numeric(
  CHANGE,
  1,
  "A firm's average profit is ₹80,000, the capital employed is ₹6,00,000 and the normal rate of return is 10%. Calculate the firm's goodwill (₹) by capitalising its super profit.",
  200000,
  0,
  "Normal profit = ₹6,00,000 × 10% = ₹60,000. Super profit = ₹80,000 − ₹60,000 = ₹20,000. Goodwill = ₹20,000 × 100/10 = ₹2,00,000.",
);

const q4 = mcq(
  CHANGE,
  "A, B and C share profits in the ratio 4 : 3 : 2. They decide to share profits equally in future. Which of the following is correct?",
  ["C gains 1/9", "B gains 1/9", "A gains 1/9", "C gains 1/3"],
  0,
  "New share 3/9 each. A: 4/9 − 3/9 = 1/9 sacrifice; B: 3/9 − 3/9 = nil; C: 2/9 − 3/9 = −1/9, a gain of 1/9.",
);

const q5 = ar(
  CHANGE,
  "Accumulated profits and reserves shown in the balance sheet at the time of a change in the profit-sharing ratio are distributed among the partners in their old ratio.",
  "These profits were earned while the old ratio was in force.",
  0,
  "Both are true, and R explains A: the partners earned the reserve in the old ratio, so it belongs to them in that ratio.",
  "easy",
);

const q6 = mcq(
  ADMISSION,
  "X and Y have capitals of ₹60,000 and ₹40,000. Z is admitted for 1/4th share of profits and brings ₹50,000 as his capital. The firm has no reserves. The hidden goodwill of the firm is:",
  ["₹50,000", "₹1,00,000", "₹25,000", "₹2,00,000"],
  0,
  "Capital of the whole firm implied by Z's capital = ₹50,000 × 4 = ₹2,00,000. Actual capital of the new firm = ₹60,000 + ₹40,000 + ₹50,000 = ₹1,50,000. Hidden goodwill = ₹50,000.",
  "hard",
);

const q7 = mcq(
  ADMISSION,
  "A and B share profits in the ratio 5 : 3. C is admitted and the new ratio of A, B and C is 2 : 1 : 1. The sacrificing ratio of A and B is:",
  ["5 : 3", "1 : 1", "2 : 1", "3 : 5"],
  1,
  "A: 5/8 − 2/4 = 10/16 − 8/16 = 2/16. B: 3/8 − 1/4 = 6/16 − 4/16 = 2/16. Sacrificing ratio 2/16 : 2/16 = 1 : 1.",
);

const q8 = mcq(
  RETIREMENT,
  "P, Q and R share profits in the ratio 2 : 2 : 1. Q retires and P and R agree to share future profits 3 : 2. The gaining ratio of P and R is:",
  ["2 : 1", "1 : 1", "3 : 2", "2 : 3"],
  1,
  "P: 3/5 − 2/5 = 1/5. R: 2/5 − 1/5 = 1/5. Gaining ratio 1 : 1.",
);

const q9 = ar(
  RETIREMENT,
  "On the death of a partner, the amount due to him is transferred to his Executor's Account.",
  "The executors are the legal representatives entitled to receive what the firm owes the deceased partner.",
  0,
  "Both are true, and R explains A: the firm settles the deceased partner's dues with his legal representatives, so his balance is moved to the executor's account.",
  "easy",
);

const q10 = mcq(
  DISSOLUTION,
  "On the dissolution of a firm, realisation expenses paid by a partner on behalf of the firm are debited to Realisation Account and credited to:",
  ["Cash Account", "that partner's Capital Account", "Realisation Account", "that partner's Loan Account"],
  1,
  "The firm owes the partner what he paid for it, so his capital account is credited.",
  "easy",
);

const q11 = mcq(
  DISSOLUTION,
  "On dissolution, a creditor of ₹40,000 accepts machinery valued at ₹35,000 (already transferred to Realisation Account) in full settlement of his claim. The entry is:",
  [
    "No entry",
    "Realisation A/c Dr ₹35,000 To Machinery A/c ₹35,000",
    "Creditors A/c Dr ₹35,000 To Realisation A/c ₹35,000",
    "Realisation A/c Dr ₹5,000 To Creditors A/c ₹5,000",
  ],
  0,
  "Both the machinery and the creditor are already in Realisation Account; the creditor takes an asset of that account in full settlement, so no cash moves and no entry is passed.",
  "hard",
);

const q12 = mcq(
  SHARES,
  "Riva Ltd. forfeited 200 equity shares of ₹10 each, issued at a premium of ₹3 per share (received with allotment), for non-payment of the first and final call of ₹4 per share. The amount credited to Share Forfeiture Account is:",
  ["₹1,200", "₹1,800", "₹2,000", "₹800"],
  0,
  "Capital paid up before forfeiture = ₹10 − ₹4 = ₹6 per share: 200 × ₹6 = ₹1,200. The premium already received stays in Securities Premium.",
);

const q13 = mcq(
  SHARES,
  "Mehr Ltd. forfeited 100 shares of ₹10 each on which ₹6 per share had been paid, and reissued all of them as fully paid at ₹8 per share. The amount transferred to Capital Reserve is:",
  ["₹400", "₹600", "₹200", "₹800"],
  0,
  "Forfeited amount = 100 × ₹6 = ₹600. Discount on reissue = 100 × ₹2 = ₹200. Capital Reserve = ₹600 − ₹200 = ₹400.",
);

const q14 = ar(
  SHARES,
  "A company may use its Securities Premium to issue fully paid bonus shares.",
  "Section 52 of the Companies Act, 2013 lists the purposes for which Securities Premium may be applied.",
  0,
  "Both are true, and R explains A: issuing fully paid bonus shares is one of the purposes Section 52 permits.",
);

const q15 = mcq(
  DEBENTURES,
  "Kavya Ltd. has 2,000, 9% debentures of ₹100 each; interest is paid half-yearly. The interest paid every six months is:",
  ["₹9,000", "₹18,000", "₹4,500", "₹900"],
  0,
  "Annual interest = ₹2,00,000 × 9% = ₹18,000; half-yearly = ₹9,000.",
  "easy",
);

const q16 = mcq(
  DEBENTURES,
  "A company bought assets worth ₹4,20,000 and paid the vendor by issuing debentures of ₹100 each at a premium of 5%. The number of debentures issued is:",
  ["4,000", "4,200", "4,410", "3,990"],
  0,
  "Each debenture is issued for ₹105, so ₹4,20,000 / ₹105 = 4,000 debentures.",
);

const q17 = written(
  FUNDAMENTALS,
  3,
  "Arjun and Bela are partners with capitals of ₹4,00,000 and ₹3,00,000 on 1 April 2024. On 1 October 2024 Arjun brought in ₹1,00,000 as additional capital and Bela withdrew ₹50,000 from her capital. The deed allows interest on capital at 8% per annum. Calculate the interest on capital of each partner for the year ended 31 March 2025.",
  [
    "**Arjun:** ₹4,00,000 × 8% × 12/12 = ₹32,000; plus ₹1,00,000 × 8% × 6/12 = ₹4,000. Total **₹36,000**.",
    "**Bela:** ₹3,00,000 × 8% × 6/12 = ₹12,000; plus ₹2,50,000 × 8% × 6/12 = ₹10,000. Total **₹22,000**.",
  ].join("\n\n"),
  [
    "1½ marks: Arjun's interest ₹36,000 with working",
    "1½ marks: Bela's interest ₹22,000 with working (₹3,00,000 for six months, ₹2,50,000 for six months)",
  ],
  "Interest runs on each amount of capital for as long as it stayed in the firm: additions from the date brought in, withdrawals reduce the capital from the date taken out.",
);

const q17or = written(
  FUNDAMENTALS,
  3,
  "X, Y and Z are partners sharing profits 2 : 2 : 1. Z is guaranteed a minimum profit of ₹50,000 a year; any deficiency is borne by X and Y in the ratio 3 : 2. The firm's profit for the year ended 31 March 2025 was ₹2,00,000. Show the distribution of profit.",
  [
    "Z's share = ₹2,00,000 × 1/5 = ₹40,000; deficiency = ₹50,000 − ₹40,000 = ₹10,000, borne X ₹6,000 and Y ₹4,000.",
    "",
    table(
      ["Partner", "Share of profit (₹)", "Deficiency (₹)", "Profit credited (₹)"],
      [
        ["X", "80,000", "(6,000)", "74,000"],
        ["Y", "80,000", "(4,000)", "76,000"],
        ["Z", "40,000", "10,000", "50,000"],
        ["**Total**", "**2,00,000**", "—", "**2,00,000**"],
      ],
    ),
  ].join("\n"),
  [
    "1 mark: Z's share ₹40,000 and deficiency ₹10,000",
    "1 mark: deficiency borne by X ₹6,000 and Y ₹4,000 (3 : 2)",
    "1 mark: profit credited X ₹74,000, Y ₹76,000, Z ₹50,000",
  ],
  "The guarantee changes only how the profit is shared, not its total: the partners who give it bear the shortfall in the agreed ratio.",
);

const q18 = numeric(
  CHANGE,
  3,
  [
    "The profits of a firm for the last four years were:",
    "",
    table(
      ["Year", "Profit (₹)"],
      [
        ["2021–22", "60,000"],
        ["2022–23", "80,000 (after charging an abnormal loss of ₹10,000)"],
        ["2023–24", "1,00,000"],
        ["2024–25", "90,000 (including an abnormal gain of ₹10,000)"],
      ],
    ),
    "",
    "Calculate the firm's goodwill (₹) at two years' purchase of the average profit of the last four years.",
  ].join("\n"),
  165000,
  0,
  "Normal profits: ₹60,000; ₹80,000 + ₹10,000 = ₹90,000; ₹1,00,000; ₹90,000 − ₹10,000 = ₹80,000. Total ₹3,30,000; average ₹82,500. Goodwill = ₹82,500 × 2 = ₹1,65,000.",
);

const q19 = written(
  RETIREMENT,
  3,
  "Distinguish between sacrificing ratio and gaining ratio on any three bases.",
  table(
    ["Basis", "Sacrificing ratio", "Gaining ratio"],
    [
      [
        "Meaning",
        "The ratio in which old partners give up their share of profit in favour of a new partner",
        "The ratio in which continuing partners acquire the share of a retiring or deceased partner",
      ],
      ["Calculation", "Old ratio − New ratio", "New ratio − Old ratio"],
      ["When computed", "On admission (or a change in ratio)", "On retirement or death (or a change in ratio)"],
      [
        "Effect on goodwill",
        "The new partner's goodwill is credited to the sacrificing partners",
        "The gaining partners are debited with the retiring partner's goodwill",
      ],
    ],
  ),
  ["1 mark each for any three correct bases (meaning, calculation, occasion, treatment of goodwill)"],
  "The two ratios are mirror images: one measures what partners give up, the other what they gain.",
  { theory: true, difficulty: "easy" },
);

const CAPITAL = ["Equity Share Capital A/c", "Share Capital A/c"];
const FORFEITURE = ["Share Forfeiture A/c", "Shares Forfeited A/c", "Forfeited Shares A/c"];
const q20 = journalEntry(
  SHARES,
  3,
  "Aarav Ltd. forfeited 300 equity shares of ₹10 each, issued at a premium of ₹2 per share (received with allotment), for non-payment of the first and final call of ₹3 per share. Of these, 200 shares were reissued at ₹9 per share as fully paid up. Pass the necessary journal entries (forfeiture, reissue, and the transfer to capital reserve): write each line with its side, account and amount.",
  [
    ["dr", CAPITAL, 3000],
    ["cr", FORFEITURE, 2100],
    [
      "cr",
      [
        "Equity Share First and Final Call A/c",
        "Share First and Final Call A/c",
        "First and Final Call A/c",
        "Calls in Arrears A/c",
      ],
      900,
    ],
    ["dr", ["Bank A/c"], 1800],
    ["dr", FORFEITURE, 200],
    ["cr", CAPITAL, 2000],
    ["dr", FORFEITURE, 1200],
    ["cr", ["Capital Reserve A/c"], 1200],
  ],
  [
    "Share Forfeiture is credited with the capital paid on the forfeited shares (₹7 each); the premium, already received, stays in Securities Premium. Only the forfeited amount on the shares reissued, less the discount allowed, becomes capital reserve. The entries as the board writes them:",
    "",
    journal([
      {
        dr: [["Equity Share Capital A/c (300 × ₹10)", "3,000"]],
        cr: [
          ["Share Forfeiture A/c (300 × ₹7)", "2,100"],
          ["Equity Share First and Final Call A/c (300 × ₹3)", "900"],
        ],
        narration: "300 shares forfeited for non-payment of the first and final call",
      },
      {
        dr: [
          ["Bank A/c (200 × ₹9)", "1,800"],
          ["Share Forfeiture A/c (200 × ₹1)", "200"],
        ],
        cr: [["Equity Share Capital A/c", "2,000"]],
        narration: "200 forfeited shares reissued at ₹9 as fully paid",
      },
      {
        dr: [["Share Forfeiture A/c", "1,200"]],
        cr: [["Capital Reserve A/c", "1,200"]],
        narration: "Gain on reissue transferred: ₹1,400 forfeited on 200 shares less ₹200 discount",
      },
    ]),
  ].join("\n"),
  "hard",
);

const q20or = written(
  SHARES,
  3,
  "Distinguish between 'Capital Reserve' and 'Reserve Capital' on any three bases.",
  table(
    ["Basis", "Capital Reserve", "Reserve Capital"],
    [
      [
        "Meaning",
        "A reserve created out of capital profits (e.g. profit on reissue of forfeited shares)",
        "The part of uncalled capital the company resolves to call only on winding up",
      ],
      ["Creation", "By the books of account, from capital profits", "By a special resolution of the shareholders"],
      ["Use", "May be used to write off capital losses", "Available only to creditors on winding up"],
      ["Balance sheet", "Shown under Reserves and Surplus", "Not shown in the balance sheet (it is uncalled capital)"],
    ],
  ),
  ["1 mark each for any three correct bases"],
  "The names look alike but one is a profit kept aside, the other capital not yet called.",
  { theory: true, difficulty: "easy" },
);

const q21 = written(
  CHANGE,
  4,
  "A, B and C share profits in the ratio 3 : 2 : 1. From 1 April 2025 they decide to share profits equally. On that date the balance sheet shows a General Reserve of ₹60,000 and a debit balance of ₹12,000 in the Profit and Loss Account. The partners do not want to change these figures in the books. Pass a single adjusting journal entry, showing your working.",
  [
    "Net accumulated profit = ₹60,000 − ₹12,000 = ₹48,000.",
    "Sacrifice / gain: A 3/6 − 2/6 = 1/6 (sacrifice); B 2/6 − 2/6 = nil; C 1/6 − 2/6 = 1/6 (gain). A's share of ₹48,000 × 1/6 = ₹8,000.",
    "",
    journal([
      {
        date: "2025 Apr 1",
        dr: [["C's Capital A/c", "8,000"]],
        cr: [["A's Capital A/c", "8,000"]],
        narration: "Adjustment of reserve and accumulated loss on the change in ratio",
      },
    ]),
  ].join("\n"),
  [
    "1 mark: net accumulated profit ₹48,000",
    "1 mark: A sacrifices 1/6, C gains 1/6, B neither",
    "2 marks: entry C's Capital Dr ₹8,000 to A's Capital ₹8,000",
  ],
  "Without altering the books, the gaining partner compensates the sacrificing partner for his share of the net reserves (reserves less accumulated losses) at the sacrifice.",
  { difficulty: "hard" },
);

const q21or = written(
  CHANGE,
  4,
  "P and Q share profits in the ratio 3 : 2. They decide to share future profits equally. Goodwill appears in the books at ₹30,000, and the firm's goodwill is now valued at ₹1,00,000. Pass the journal entries for writing off the existing goodwill and for the adjustment of goodwill, without raising a Goodwill Account.",
  [
    "P: 3/5 − 1/2 = 1/10 (sacrifice); Q: 2/5 − 1/2 = −1/10 (gain). Q compensates P: ₹1,00,000 × 1/10 = ₹10,000.",
    "",
    journal([
      {
        dr: [
          ["P's Capital A/c", "18,000"],
          ["Q's Capital A/c", "12,000"],
        ],
        cr: [["Goodwill A/c", "30,000"]],
        narration: "Existing goodwill written off in the old ratio 3 : 2",
      },
      {
        dr: [["Q's Capital A/c", "10,000"]],
        cr: [["P's Capital A/c", "10,000"]],
        narration: "Q compensates P for his sacrifice of 1/10 of goodwill",
      },
    ]),
  ].join("\n"),
  [
    "2 marks: existing goodwill written off P ₹18,000, Q ₹12,000 (old ratio)",
    "1 mark: P sacrifices 1/10, Q gains 1/10",
    "1 mark: entry Q's Capital Dr ₹10,000 to P's Capital ₹10,000",
  ],
  "Goodwill already in the books belongs to the old partners in the old ratio and is written off first; the new valuation is then adjusted through capital accounts in the sacrifice/gain.",
);

const q22 = written(
  RETIREMENT,
  4,
  "A, B and C share profits in the ratio 5 : 3 : 2 and close their books on 31 March every year. C died on 30 June 2025. His share of profit up to the date of death is to be based on the previous year's profit of ₹1,80,000 and charged to Profit and Loss Suspense Account. The firm's goodwill is valued at ₹1,50,000, and C's share is to be adjusted through the capital accounts of A and B, who continue to share profits 5 : 3. Calculate C's share of profit and goodwill and pass the journal entries.",
  [
    "C's share of profit = ₹1,80,000 × 3/12 × 2/10 = **₹9,000**. C's share of goodwill = ₹1,50,000 × 2/10 = **₹30,000**, borne by A and B in their gaining ratio 5 : 3.",
    "",
    journal([
      {
        date: "2025 Jun 30",
        dr: [["Profit and Loss Suspense A/c", "9,000"]],
        cr: [["C's Capital A/c", "9,000"]],
        narration: "C's share of profit from 1 April to 30 June 2025",
      },
      {
        date: "2025 Jun 30",
        dr: [
          ["A's Capital A/c", "18,750"],
          ["B's Capital A/c", "11,250"],
        ],
        cr: [["C's Capital A/c", "30,000"]],
        narration: "C's share of goodwill borne by A and B in the gaining ratio 5 : 3",
      },
    ]),
  ].join("\n"),
  [
    "1 mark: C's share of profit ₹9,000",
    "1 mark: entry through Profit and Loss Suspense",
    "1 mark: C's share of goodwill ₹30,000 in gaining ratio 5 : 3",
    "1 mark: entry A ₹18,750 and B ₹11,250 Dr to C ₹30,000",
  ],
  "Three months of last year's profit at C's share, and C's share of goodwill borne by the partners who gain it: since A and B keep their old ratio, they gain in 5 : 3.",
  { difficulty: "hard" },
);

const q22or = written(
  DEBENTURES,
  4,
  "Ishaan Ltd. issued 5,000, 8% debentures of ₹100 each at a discount of 5%, redeemable at a premium of 10% after five years; the whole amount was payable on application. The company had a balance of ₹20,000 in Securities Premium. Pass the journal entries for the issue of the debentures and for writing off the loss on issue in the year of issue.",
  journal([
    {
      dr: [["Bank A/c", "4,75,000"]],
      cr: [["Debenture Application and Allotment A/c", "4,75,000"]],
      narration: "Application money received on 5,000 debentures at ₹95",
    },
    {
      dr: [
        ["Debenture Application and Allotment A/c", "4,75,000"],
        ["Loss on Issue of Debentures A/c", "75,000"],
      ],
      cr: [
        ["8% Debentures A/c", "5,00,000"],
        ["Premium on Redemption of Debentures A/c", "50,000"],
      ],
      narration: "Debentures allotted at a 5% discount, redeemable at a 10% premium",
    },
    {
      dr: [
        ["Securities Premium A/c", "20,000"],
        ["Statement of Profit and Loss", "55,000"],
      ],
      cr: [["Loss on Issue of Debentures A/c", "75,000"]],
      narration: "Loss on issue written off, first from Securities Premium",
    },
  ]),
  [
    "1 mark: application money ₹4,75,000 received",
    "2 marks: allotment entry with loss on issue ₹75,000 (discount ₹25,000 + premium on redemption ₹50,000)",
    "1 mark: loss written off ₹20,000 from Securities Premium and ₹55,000 from Statement of Profit and Loss",
  ],
  "The loss on issue is the discount (₹25,000) plus the premium payable on redemption (₹50,000). It is written off first out of Securities Premium, the balance from the Statement of Profit and Loss.",
  { difficulty: "hard" },
);

const q23 = written(
  ADMISSION,
  6,
  [
    "X and Y share profits in the ratio 3 : 2. Their balance sheet on 31 March 2025 was:",
    "",
    table(
      ["Liabilities", "Amount (₹)", "Assets", "Amount (₹)"],
      [
        ["Creditors", "40,000", "Cash", "20,000"],
        ["General Reserve", "20,000", "Debtors", "50,000"],
        ["Capital: X", "1,00,000", "Stock", "40,000"],
        ["Capital: Y", "80,000", "Machinery", "60,000"],
        ["", "", "Building", "70,000"],
        ["**Total**", "**2,40,000**", "**Total**", "**2,40,000**"],
      ],
    ),
    "",
    "Z was admitted on 1 April 2025 for 1/4th share of profits, which he took from X and Y in their old ratio, on these terms: (a) Z brings ₹60,000 as capital and ₹16,000 as his share of goodwill (premium) in cash; (b) Building is revalued at ₹84,000; (c) Machinery is depreciated by 10%; (d) a provision for doubtful debts of 4% is made on debtors.",
    "",
    "Prepare the Revaluation Account and the Partners' Capital Accounts.",
  ].join("\n"),
  [
    "**Revaluation Account**",
    "",
    table(
      ["Particulars", "Amount (₹)", "Particulars", "Amount (₹)"],
      [
        ["To Machinery (10% of ₹60,000)", "6,000", "By Building (₹84,000 − ₹70,000)", "14,000"],
        ["To Provision for Doubtful Debts (4% of ₹50,000)", "2,000", "", ""],
        ["To Profit on revaluation: X 3,600; Y 2,400", "6,000", "", ""],
        ["**Total**", "**14,000**", "**Total**", "**14,000**"],
      ],
    ),
    "",
    "**Partners' Capital Accounts**",
    "",
    table(
      ["Particulars", "X (₹)", "Y (₹)", "Z (₹)", "Particulars", "X (₹)", "Y (₹)", "Z (₹)"],
      [
        ["To Balance c/d", "1,25,200", "96,800", "60,000", "By Balance b/d", "1,00,000", "80,000", "—"],
        ["", "", "", "", "By General Reserve", "12,000", "8,000", "—"],
        ["", "", "", "", "By Revaluation (profit)", "3,600", "2,400", "—"],
        ["", "", "", "", "By Premium for Goodwill", "9,600", "6,400", "—"],
        ["", "", "", "", "By Cash", "—", "—", "60,000"],
        [
          "**Total**",
          "**1,25,200**",
          "**96,800**",
          "**60,000**",
          "**Total**",
          "**1,25,200**",
          "**96,800**",
          "**60,000**",
        ],
      ],
    ),
  ].join("\n"),
  [
    "2 marks: Revaluation Account with profit ₹6,000 (X ₹3,600, Y ₹2,400)",
    "1 mark: General Reserve credited X ₹12,000, Y ₹8,000",
    "1 mark: premium ₹16,000 credited X ₹9,600, Y ₹6,400 (sacrificing ratio 3 : 2)",
    "2 marks: capital accounts balanced at X ₹1,25,200, Y ₹96,800, Z ₹60,000",
  ],
  "Z takes his share from X and Y in their old ratio, so the sacrificing ratio is 3 : 2 and the premium is shared that way; the reserve and the revaluation profit belong to the old partners in the old ratio.",
  { difficulty: "hard" },
);

const q24 = written(
  DISSOLUTION,
  6,
  "A and B, sharing profits 3 : 2, dissolved their firm on 31 March 2025. After the assets (other than cash) and outside liabilities had been transferred to Realisation Account: stock ₹50,000, debtors ₹40,000, furniture ₹30,000; creditors ₹45,000 and bank loan ₹20,000. Stock realised ₹46,000 and debtors ₹38,000; A took over the furniture at ₹24,000; creditors were paid ₹44,000 in full settlement and the bank loan in full; an unrecorded computer was sold for ₹5,000; realisation expenses of ₹3,000 were paid by the firm. Prepare the Realisation Account.",
  [
    "**Realisation Account**",
    "",
    table(
      ["Particulars", "Amount (₹)", "Particulars", "Amount (₹)"],
      [
        ["To Stock", "50,000", "By Creditors", "45,000"],
        ["To Debtors", "40,000", "By Bank Loan", "20,000"],
        ["To Furniture", "30,000", "By Bank (stock)", "46,000"],
        ["To Bank (creditors paid)", "44,000", "By Bank (debtors)", "38,000"],
        ["To Bank (bank loan paid)", "20,000", "By A's Capital (furniture)", "24,000"],
        ["To Bank (realisation expenses)", "3,000", "By Bank (unrecorded computer)", "5,000"],
        ["", "", "By Loss on realisation: A 5,400; B 3,600", "9,000"],
        ["**Total**", "**1,87,000**", "**Total**", "**1,87,000**"],
      ],
    ),
  ].join("\n"),
  [
    "2 marks: assets and liabilities transferred at book values",
    "2 marks: assets realised (stock, debtors, furniture to A, unrecorded computer) and liabilities paid",
    "1 mark: realisation expenses",
    "1 mark: loss ₹9,000 shared A ₹5,400, B ₹3,600",
  ],
  "Realisation Account collects book values on one side and what was actually received or paid on the other; the difference, here a loss of ₹9,000, is shared in the profit-sharing ratio.",
);

const q25 = written(
  SHARES,
  6,
  "Nova Ltd. invited applications for 40,000 equity shares of ₹10 each at a premium of ₹2 per share, payable ₹3 on application, ₹5 on allotment (including the premium) and ₹4 on the first and final call. Applications were received for 60,000 shares. Applications for 10,000 shares were rejected and their money refunded; the remaining applicants were allotted shares pro rata, and their excess application money was adjusted towards allotment. All money due was received. Pass the journal entries in the books of Nova Ltd.",
  journal([
    {
      dr: [["Bank A/c", "1,80,000"]],
      cr: [["Equity Share Application A/c", "1,80,000"]],
      narration: "Application money received on 60,000 shares at ₹3",
    },
    {
      dr: [["Equity Share Application A/c", "1,80,000"]],
      cr: [
        ["Equity Share Capital A/c", "1,20,000"],
        ["Equity Share Allotment A/c", "30,000"],
        ["Bank A/c", "30,000"],
      ],
      narration:
        "Application money transferred; excess of 10,000 shares adjusted to allotment; 10,000 rejected refunded",
    },
    {
      dr: [["Equity Share Allotment A/c", "2,00,000"]],
      cr: [
        ["Equity Share Capital A/c", "1,20,000"],
        ["Securities Premium A/c", "80,000"],
      ],
      narration: "Allotment money due on 40,000 shares at ₹5, including ₹2 premium",
    },
    {
      dr: [["Bank A/c", "1,70,000"]],
      cr: [["Equity Share Allotment A/c", "1,70,000"]],
      narration: "Allotment money received, net of ₹30,000 adjusted",
    },
    {
      dr: [["Equity Share First and Final Call A/c", "1,60,000"]],
      cr: [["Equity Share Capital A/c", "1,60,000"]],
      narration: "First and final call due on 40,000 shares at ₹4",
    },
    {
      dr: [["Bank A/c", "1,60,000"]],
      cr: [["Equity Share First and Final Call A/c", "1,60,000"]],
      narration: "Call money received",
    },
  ]),
  [
    "1 mark: application money ₹1,80,000",
    "2 marks: transfer of application money (capital ₹1,20,000, allotment ₹30,000, refund ₹30,000)",
    "1 mark: allotment due ₹2,00,000 with premium ₹80,000",
    "1 mark: allotment received ₹1,70,000",
    "1 mark: call due and received ₹1,60,000",
  ],
  "Applicants for 50,000 shares get 40,000 (pro rata 5 : 4). They paid ₹1,50,000 but only ₹1,20,000 is due on application, so ₹30,000 goes to allotment; the 10,000 rejected applications get ₹30,000 back. Capital credited: ₹1,20,000 + ₹1,20,000 + ₹1,60,000 = ₹4,00,000.",
  { difficulty: "hard" },
);

const q25or = written(
  SHARES,
  6,
  "Zenith Ltd. was registered with an authorised capital of ₹10,00,000 divided into 1,00,000 equity shares of ₹10 each. It offered 60,000 shares to the public, payable ₹3 on application, ₹4 on allotment and ₹3 on the first and final call. All the shares were subscribed, and all money was called up and received except the first and final call on 1,000 shares. Show the share capital in the company's Balance Sheet and prepare the Notes to Accounts.",
  [
    "**Balance Sheet of Zenith Ltd. (extract)**",
    "",
    table(
      ["Particulars", "Note No.", "Amount (₹)"],
      [
        ["**I. Equity and Liabilities**", "", ""],
        ["1. Shareholders' Funds", "", ""],
        ["(a) Share Capital", "1", "5,97,000"],
      ],
    ),
    "",
    "**Note 1: Share Capital**",
    "",
    table(
      ["Particulars", "Amount (₹)"],
      [
        ["**Authorised capital:** 1,00,000 equity shares of ₹10 each", "10,00,000"],
        ["**Issued capital:** 60,000 equity shares of ₹10 each", "6,00,000"],
        ["**Subscribed capital:**", ""],
        ["Subscribed and fully paid up: 59,000 equity shares of ₹10 each", "5,90,000"],
        ["Subscribed but not fully paid up: 1,000 equity shares of ₹10 each, called up", "10,000"],
        ["Less: Calls in arrears (1,000 × ₹3)", "(3,000)"],
        ["", "**5,97,000**"],
      ],
    ),
  ].join("\n"),
  [
    "1 mark: Share Capital ₹5,97,000 under Shareholders' Funds in the balance sheet",
    "1 mark: authorised capital ₹10,00,000",
    "1 mark: issued capital ₹6,00,000",
    "2 marks: fully paid ₹5,90,000 and not fully paid ₹10,000 shown separately",
    "1 mark: calls in arrears ₹3,000 deducted",
  ],
  "Schedule III shows share capital in the balance sheet with its detail in a note: authorised, issued, then subscribed split into fully paid and not fully paid, with calls in arrears deducted from the called-up capital.",
);

const q26 = written(
  RETIREMENT,
  6,
  "A, B and C share profits in the ratio 3 : 2 : 1. C retires on 31 March 2025, when his capital stands at ₹40,000 and the balance sheet shows a General Reserve of ₹18,000. The revaluation of assets and liabilities shows a profit of ₹6,000. The firm's goodwill is valued at ₹60,000, and C's share is adjusted through the capital accounts of A and B, who continue to share profits 3 : 2. C is paid ₹20,000 at once and the balance is transferred to his loan account. Pass the journal entry for goodwill and prepare C's Capital Account.",
  [
    "C's share of goodwill = ₹60,000 × 1/6 = ₹10,000, borne by A and B in their gaining ratio 3 : 2.",
    "",
    journal([
      {
        date: "2025 Mar 31",
        dr: [
          ["A's Capital A/c", "6,000"],
          ["B's Capital A/c", "4,000"],
        ],
        cr: [["C's Capital A/c", "10,000"]],
        narration: "C's share of goodwill adjusted in the gaining ratio 3 : 2",
      },
    ]),
    "",
    "**C's Capital Account**",
    "",
    table(
      ["Particulars", "Amount (₹)", "Particulars", "Amount (₹)"],
      [
        ["To Bank", "20,000", "By Balance b/d", "40,000"],
        ["To C's Loan A/c", "34,000", "By General Reserve (1/6 of ₹18,000)", "3,000"],
        ["", "", "By Revaluation (profit, 1/6 of ₹6,000)", "1,000"],
        ["", "", "By A's Capital A/c", "6,000"],
        ["", "", "By B's Capital A/c", "4,000"],
        ["**Total**", "**54,000**", "**Total**", "**54,000**"],
      ],
    ),
  ].join("\n"),
  [
    "2 marks: goodwill entry A ₹6,000, B ₹4,000 to C ₹10,000",
    "2 marks: C credited with General Reserve ₹3,000 and revaluation profit ₹1,000",
    "2 marks: C paid ₹20,000 and ₹34,000 transferred to his loan account",
  ],
  "A retiring partner is credited with his share of reserves, revaluation profit and goodwill; what is not paid at once becomes his loan to the firm.",
);

/* ----------------------------------------- Part B, Option I: Analysis of Financial Statements */

const b1q27 = mcq(
  COMPANY_STATEMENTS,
  "Under which head are 'Loose tools' shown in a company's balance sheet (Schedule III)?",
  ["Property, Plant and Equipment", "Inventories", "Intangible assets", "Other current assets"],
  1,
  "Schedule III lists loose tools among inventories, under current assets.",
);

const b1q28 = numeric(
  RATIOS,
  1,
  "Cost of revenue from operations is ₹6,00,000, opening inventory ₹70,000 and closing inventory ₹1,30,000. Calculate the inventory turnover ratio (times).",
  6,
  0.01,
  "Average inventory = (₹70,000 + ₹1,30,000) / 2 = ₹1,00,000. Inventory turnover = ₹6,00,000 / ₹1,00,000 = 6 times.",
  "easy",
);

const b1q29 = ar(
  CASH_FLOW,
  "Dividend paid by a company is shown under financing activities in its cash flow statement.",
  "Dividend paid is a cost of obtaining financial resources.",
  0,
  "Both are true, and R explains A: dividend rewards the shareholders who provide capital, so AS 3 classes it with financing.",
);

const b1q30 = mcq(
  RATIOS,
  "A company's current ratio is 2 : 1. Which of the following transactions will increase it?",
  [
    "Payment of trade payables of ₹10,000 in cash",
    "Purchase of goods on credit for ₹10,000",
    "Sale of inventory for cash at its cost",
    "Receipt of a bill receivable from a debtor",
  ],
  0,
  "With current assets ₹2 and current liabilities ₹1 (in lakh), paying ₹0.1 of creditors gives 1.9 / 0.9 = 2.11. A credit purchase lowers the ratio (2.1 / 1.1); the other two leave it unchanged.",
  "hard",
);

const b1q31 = written(
  ANALYSIS,
  3,
  [
    "From the following, prepare a Comparative Statement of Profit and Loss of Tara Ltd.:",
    "",
    table(
      ["Particulars", "2023–24 (₹)", "2024–25 (₹)"],
      [
        ["Revenue from operations", "10,00,000", "12,50,000"],
        ["Expenses", "6,00,000", "8,00,000"],
        ["Income tax rate", "30%", "30%"],
      ],
    ),
  ].join("\n"),
  [
    "**Comparative Statement of Profit and Loss of Tara Ltd.** for the years ended 31 March 2024 and 2025",
    "",
    table(
      ["Particulars", "2023–24 (₹)", "2024–25 (₹)", "Absolute change (₹)", "Change %"],
      [
        ["Revenue from operations", "10,00,000", "12,50,000", "2,50,000", "25.00"],
        ["Less: Expenses", "6,00,000", "8,00,000", "2,00,000", "33.33"],
        ["Profit before tax", "4,00,000", "4,50,000", "50,000", "12.50"],
        ["Less: Tax @ 30%", "1,20,000", "1,35,000", "15,000", "12.50"],
        ["Profit after tax", "2,80,000", "3,15,000", "35,000", "12.50"],
      ],
    ),
  ].join("\n"),
  [
    "1 mark: revenue and expenses with absolute and percentage change",
    "1 mark: profit before tax and tax",
    "1 mark: profit after tax ₹2,80,000 and ₹3,15,000 (+12.5%)",
  ],
  "Percentage change = absolute change / the earlier year's figure × 100. Expenses grew faster than revenue, so profit grew only 12.5%.",
);

const b1q32 = numeric(
  RATIOS,
  3,
  "Revenue from operations of Vega Ltd. is ₹8,00,000 and its gross profit is 25% of revenue from operations. Operating expenses are ₹60,000. Calculate the operating ratio (%).",
  82.5,
  0.05,
  "Cost of revenue from operations = ₹8,00,000 − 25% = ₹6,00,000. Operating cost = ₹6,00,000 + ₹60,000 = ₹6,60,000. Operating ratio = ₹6,60,000 / ₹8,00,000 × 100 = 82.5%.",
);

const b1q32or = numeric(
  RATIOS,
  3,
  "Total assets of Orion Ltd. are ₹10,00,000, its current liabilities ₹2,00,000 and its long-term borrowings ₹3,00,000; it has no other liabilities. Calculate the debt–equity ratio (write it as a number, e.g. 0.75 for 0.75 : 1).",
  0.6,
  0.005,
  "Shareholders' funds = ₹10,00,000 − ₹2,00,000 − ₹3,00,000 = ₹5,00,000. Debt–equity = long-term debt / equity = ₹3,00,000 / ₹5,00,000 = 0.6 : 1.",
);

const b1q33 = written(
  CASH_FLOW,
  4,
  "Net profit after tax of Rhea Ltd. for 2024–25 was ₹1,50,000, after: depreciation ₹30,000; profit on sale of machinery ₹8,000; provision for income tax ₹40,000. Income tax paid during the year was ₹35,000. During the year trade receivables increased by ₹20,000, inventories decreased by ₹12,000 and trade payables decreased by ₹6,000. Calculate the cash flows from operating activities.",
  [
    "**Cash flows from operating activities (extract)**",
    "",
    table(
      ["Particulars", "Amount (₹)", "Amount (₹)"],
      [
        ["Net profit after tax", "1,50,000", ""],
        ["Add: Provision for tax", "40,000", ""],
        ["Net profit before tax", "", "1,90,000"],
        ["Add: Depreciation", "30,000", ""],
        ["Less: Profit on sale of machinery", "(8,000)", "22,000"],
        ["Operating profit before working capital changes", "", "2,12,000"],
        ["Less: Increase in trade receivables", "(20,000)", ""],
        ["Add: Decrease in inventories", "12,000", ""],
        ["Less: Decrease in trade payables", "(6,000)", "(14,000)"],
        ["Cash generated from operations", "", "1,98,000"],
        ["Less: Income tax paid", "", "(35,000)"],
        ["**Net cash flow from operating activities**", "", "**1,63,000**"],
      ],
    ),
  ].join("\n"),
  [
    "1 mark: net profit before tax ₹1,90,000",
    "1 mark: operating profit before working capital changes ₹2,12,000",
    "1 mark: working capital changes (−₹14,000)",
    "1 mark: tax paid deducted; ₹1,63,000",
  ],
  "Start from profit before tax, add back non-cash and non-operating items, adjust for working capital, and deduct the tax actually paid (not the provision).",
  { difficulty: "hard" },
);

const b1q34 = written(
  ANALYSIS,
  6,
  [
    "Prepare a Common-size Balance Sheet of Lumen Ltd. from the following:",
    "",
    table(
      ["Particulars", "31.3.2024 (₹)", "31.3.2025 (₹)"],
      [
        ["Share capital", "4,00,000", "5,00,000"],
        ["Reserves and surplus", "1,00,000", "1,50,000"],
        ["Long-term borrowings", "3,00,000", "2,50,000"],
        ["Current liabilities", "2,00,000", "3,00,000"],
        ["**Total**", "**10,00,000**", "**12,00,000**"],
        ["Non-current assets", "6,00,000", "7,20,000"],
        ["Current assets", "4,00,000", "4,80,000"],
        ["**Total**", "**10,00,000**", "**12,00,000**"],
      ],
    ),
  ].join("\n"),
  [
    "**Common-size Balance Sheet of Lumen Ltd.** as at 31 March 2024 and 2025",
    "",
    table(
      ["Particulars", "2024 (₹)", "2025 (₹)", "2024 %", "2025 %"],
      [
        ["**I. Equity and Liabilities**", "", "", "", ""],
        ["Share capital", "4,00,000", "5,00,000", "40.00", "41.67"],
        ["Reserves and surplus", "1,00,000", "1,50,000", "10.00", "12.50"],
        ["Long-term borrowings", "3,00,000", "2,50,000", "30.00", "20.83"],
        ["Current liabilities", "2,00,000", "3,00,000", "20.00", "25.00"],
        ["**Total**", "**10,00,000**", "**12,00,000**", "**100.00**", "**100.00**"],
        ["**II. Assets**", "", "", "", ""],
        ["Non-current assets", "6,00,000", "7,20,000", "60.00", "60.00"],
        ["Current assets", "4,00,000", "4,80,000", "40.00", "40.00"],
        ["**Total**", "**10,00,000**", "**12,00,000**", "**100.00**", "**100.00**"],
      ],
    ),
  ].join("\n"),
  [
    "1 mark: format with both years' amounts",
    "3 marks: percentages of equity and liabilities (40, 10, 30, 20; 41.67, 12.5, 20.83, 25)",
    "2 marks: percentages of assets (60, 40 in both years)",
  ],
  "Each item is shown as a percentage of the balance sheet total of its year (₹10,00,000 and ₹12,00,000), so the two years can be compared whatever their size.",
);

const b1q34or = written(
  RATIOS,
  6,
  "From the following information of Arya Ltd., calculate (a) the current ratio, (b) the quick ratio and (c) the trade receivables turnover ratio: current assets ₹6,00,000 (including inventory ₹2,00,000 and prepaid expenses ₹20,000); current liabilities ₹3,00,000; revenue from operations (all credit) ₹24,00,000; trade receivables at the beginning of the year ₹2,80,000 and at the end ₹3,20,000.",
  [
    "(a) Current ratio = ₹6,00,000 / ₹3,00,000 = **2 : 1**.",
    "(b) Quick assets = ₹6,00,000 − ₹2,00,000 − ₹20,000 = ₹3,80,000. Quick ratio = ₹3,80,000 / ₹3,00,000 = **1.27 : 1**.",
    "(c) Average trade receivables = (₹2,80,000 + ₹3,20,000) / 2 = ₹3,00,000. Trade receivables turnover = ₹24,00,000 / ₹3,00,000 = **8 times**.",
  ].join("\n"),
  [
    "2 marks: current ratio 2 : 1",
    "2 marks: quick assets ₹3,80,000 and quick ratio 1.27 : 1",
    "2 marks: average receivables ₹3,00,000 and turnover 8 times",
  ],
  "Quick assets leave out inventory and prepaid expenses; the turnover ratio uses credit revenue over average receivables.",
);

/* ------------------------------------------------ Part B, Option II: Computerised Accounting */

const b2q27 = mcq(
  RATIOS,
  "In a spreadsheet, cell D2 holds the formula =B2/C2 (a ratio). When it is copied to D3, the formula in D3 becomes:",
  ["=B2/C2", "=B3/C3", "=C3/D3", "=$B$2/$C$2"],
  1,
  "B2 and C2 are relative references: copied one row down, they move one row down, so each row computes its own ratio.",
  "easy",
);

const b2q28 = mcq(
  RATIOS,
  "A cell reference written as $B$4 in a spreadsheet formula is:",
  ["a relative reference", "an absolute reference", "a mixed reference", "a circular reference"],
  1,
  "The $ before both the column and the row fixes them: the reference stays B4 wherever the formula is copied.",
  "easy",
);

const b2q29 = ar(
  COMPANY_STATEMENTS,
  "In a computerised accounting system, a voucher once saved updates the ledger accounts and the trial balance automatically.",
  "The software posts the entries to the ledger from the data entered in the vouchers.",
  0,
  "Both are true, and R explains A: data are entered once, as vouchers, and the software produces the ledger, trial balance and statements from them.",
);

const b2q30 = mcq(
  COMPANY_STATEMENTS,
  "Which spreadsheet formula gives the yearly straight-line depreciation of a machine costing ₹1,00,000 with a salvage value of ₹10,000 and a useful life of 5 years?",
  ["=SLN(100000,10000,5)", "=DB(100000,10000,5,1)", "=SUM(100000,10000,5)", "=PMT(10%,5,100000)"],
  0,
  "SLN(cost, salvage, life) gives (₹1,00,000 − ₹10,000) / 5 = ₹18,000 a year. DB is the declining-balance method; PMT a loan instalment.",
);

const b2q31 = written(
  COMPANY_STATEMENTS,
  3,
  "State any three advantages of a computerised accounting system over manual accounting.",
  [
    "1. **Speed:** entries are posted and accounts, trial balance and statements prepared at once.",
    "2. **Accuracy:** arithmetic is done by the software, so totalling and posting errors do not occur.",
    "3. **Up-to-date reports:** balances and reports are available at any time, in real time.",
    "(Also accepted: scalability, security by passwords, easy storage and retrieval, legibility, MIS reports.)",
  ].join("\n"),
  ["1 mark each for any three advantages, each with a line of explanation"],
  "A computerised system does the repetitive posting and arithmetic; the accountant enters the vouchers and reads the reports.",
  { theory: true, difficulty: "easy" },
);

const b2q32 = written(
  ANALYSIS,
  3,
  "Name the chart you would use in a spreadsheet for each of the following and give a reason: (a) the share of each expense in a firm's total expenses; (b) revenue from operations for five years; (c) profit of three branches compared side by side.",
  [
    "(a) **Pie chart:** it shows each part as a slice of a whole (100%).",
    "(b) **Line chart:** it shows the trend of a value over time.",
    "(c) **Column (bar) chart:** it compares values of different categories side by side.",
  ].join("\n"),
  ["1 mark each: chart with a reason"],
  "Choose the chart by the question the data answer: parts of a whole, change over time, or comparison between categories.",
  { theory: true },
);

const b2q33 = written(
  COMPANY_STATEMENTS,
  4,
  "In a payroll sheet, basic pay is in column B (B2 for the first employee). Dearness allowance (DA) is 40% of basic pay, house rent allowance (HRA) 20% of basic pay, and provident fund (PF) is deducted at 12% of basic pay plus DA. Write the formulas for DA (C2), HRA (D2), gross salary (E2), PF (F2) and net salary (G2), and work them out for a basic pay of ₹30,000.",
  table(
    ["Column", "Formula", "For basic ₹30,000 (₹)"],
    [
      ["C: DA", "=B2*40%", "12,000"],
      ["D: HRA", "=B2*20%", "6,000"],
      ["E: Gross salary", "=B2+C2+D2", "48,000"],
      ["F: PF", "=(B2+C2)*12%", "5,040"],
      ["G: Net salary", "=E2-F2", "42,960"],
    ],
  ),
  [
    "1 mark: DA and HRA formulas",
    "1 mark: gross salary formula",
    "1 mark: PF formula on basic plus DA",
    "1 mark: net salary and the worked figures",
  ],
  "Written once in row 2 with relative references, each formula is copied down for every employee.",
);

const b2q34 = written(
  COMPANY_STATEMENTS,
  6,
  "Explain the elements (components) of a computerised accounting system.",
  [
    "1. **Hardware:** the computers, servers, printers and network devices on which the system runs.",
    "2. **Software:** the accounting package and the operating system that process the transactions.",
    "3. **People:** the accountants and operators who enter data and use the reports.",
    "4. **Procedures:** the steps and rules followed for entering, checking and reporting data.",
    "5. **Data:** the facts of transactions entered as vouchers, from which accounts are prepared.",
    "6. **Connectivity:** the network linking users and locations so data can be shared and accessed.",
  ].join("\n"),
  ["1 mark each for six elements, each with its role"],
  "A computerised system is more than software: people following procedures enter data on hardware connected by a network.",
  { theory: true, difficulty: "easy" },
);

export const accountancyPaper: BoardPaper = {
  title: "Accountancy Class 12 — Board Mock Paper (CBSE 2025–26)",
  subject: "accountancy",
  classLevel: "12",
  price: 199,
  timeLimitMinutes: 180,
  negativePercent: 0,
  pattern: "CBSE Class 12 Accountancy board pattern 2025–26: 80 marks, 3 hours, 34 questions",
  description:
    "A full 80-mark, 3-hour Accountancy paper in the CBSE 2025–26 pattern: Part A on partnership and company accounts for everyone, then Part B with a choice of Analysis of Financial Statements or Computerised Accounting, internal choices on longer questions, journal entries, accounts and statements set out as the board sets them, and a model answer with marking points for every written answer.",
  instructions: [
    "General Instructions:",
    "1. This paper has 34 questions in two parts, and all of Part A is compulsory.",
    "2. Part A (Accounting for Partnership Firms and Companies) carries 60 marks.",
    "3. Part B carries 20 marks and has two options: attempt either Option I (Analysis of Financial Statements) or Option II (Computerised Accounting), not both.",
    "4. Questions 1–16 and 27–30 carry 1 mark each; 17–20, 31 and 32 carry 3 marks each; 21, 22 and 33 carry 4 marks each; 23–26 and 34 carry 6 marks each.",
    "5. Some questions offer an internal choice (OR): answer only one of the alternatives.",
    "6. There is no negative marking. Show your working for numerical answers; mark your written answers yourself against the model answer after submitting.",
  ].join("\n"),
  sections: [
    {
      title: "Part A",
      instructions: "Accounting for Partnership Firms and Companies (60 marks). Attempt all questions.",
      group: null,
      items: [
        one(q1),
        one(q2),
        one(q3),
        one(q4),
        one(q5),
        one(q6),
        one(q7),
        one(q8),
        one(q9),
        one(q10),
        one(q11),
        one(q12),
        one(q13),
        one(q14),
        one(q15),
        one(q16),
        either(q17, q17or),
        one(q18),
        one(q19),
        either(q20, q20or),
        either(q21, q21or),
        either(q22, q22or),
        one(q23),
        one(q24),
        either(q25, q25or),
        one(q26),
      ],
    },
    {
      title: "Part B, Option I",
      instructions: "Analysis of Financial Statements (20 marks). Attempt this option or Option II.",
      group: "Part B",
      items: [
        one(b1q27),
        one(b1q28),
        one(b1q29),
        one(b1q30),
        one(b1q31),
        either(b1q32, b1q32or),
        one(b1q33),
        either(b1q34, b1q34or),
      ],
    },
    {
      title: "Part B, Option II",
      instructions: "Computerised Accounting (20 marks). Attempt this option or Option I.",
      group: "Part B",
      items: [one(b2q27), one(b2q28), one(b2q29), one(b2q30), one(b2q31), one(b2q32), one(b2q33), one(b2q34)],
    },
  ],
};
