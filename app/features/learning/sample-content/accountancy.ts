/**
 * Accountancy: the formula sheet, the partnership notes (Class 12), the journal–ledger–trial balance
 * notes (Class 11) and two sample papers in the board's pattern, with figures that add up.
 */
import {
  answerKey,
  h,
  notes,
  p,
  paper,
  points,
  q,
  SAMPLE_PAPER_AR_OPTIONS,
  type SampleDocument,
  tAccount,
  table,
} from "./types";

const formulaSheet = notes("accountancy", "both", [
  {
    title: "Accounting ratios",
    blocks: [
      p(
        "An accounting ratio is the relationship between two figures of the financial statements, expressed as a pure ratio (2 : 1), a rate (times) or a percentage. Ratios are grouped by what they test: short-term solvency (liquidity), long-term solvency, activity (turnover) and profitability.",
      ),
      table({
        caption: "Format: the ratios in the syllabus",
        head: ["Ratio", "Formula", "Reads as"],
        widths: [0.24, 0.5, 0.26],
        rows: [
          ["Current ratio", "Current assets / Current liabilities", "Pure ratio; 2 : 1 is safe"],
          [
            "Quick (liquid) ratio",
            "Quick assets / Current liabilities, where quick assets = Current assets − Inventory − Prepaid expenses",
            "Pure ratio; 1 : 1 is safe",
          ],
          ["Debt–equity ratio", "Long-term debts / Shareholders' funds", "Pure ratio; up to 2 : 1"],
          ["Interest coverage ratio", "Net profit before interest and tax / Interest on long-term debts", "Times"],
          ["Inventory turnover ratio", "Cost of revenue from operations / Average inventory", "Times"],
          ["Trade receivables turnover", "Net credit revenue from operations / Average trade receivables", "Times"],
          ["Gross profit ratio", "Gross profit / Net revenue from operations x 100", "Per cent"],
          ["Net profit ratio", "Net profit / Net revenue from operations x 100", "Per cent"],
          ["Return on investment", "Net profit before interest and tax / Capital employed x 100", "Per cent"],
        ],
      }),
      h("Solved example"),
      p(
        "Revenue from operations ₹12,00,000; cost of revenue from operations ₹9,00,000; net profit ₹1,20,000; current assets ₹4,00,000 including inventory ₹1,00,000; current liabilities ₹2,00,000; opening inventory ₹80,000; long-term debts ₹3,00,000; shareholders' funds ₹6,00,000.",
      ),
      table({
        head: ["Ratio", "Working", "Answer"],
        widths: [0.26, 0.52, 0.22],
        rows: [
          ["Current ratio", "4,00,000 / 2,00,000", "2 : 1"],
          ["Quick ratio", "(4,00,000 − 1,00,000) / 2,00,000", "1.5 : 1"],
          ["Debt–equity ratio", "3,00,000 / 6,00,000", "0.5 : 1"],
          ["Inventory turnover", "9,00,000 / ((80,000 + 1,00,000) / 2) = 9,00,000 / 90,000", "10 times"],
          ["Gross profit ratio", "(12,00,000 − 9,00,000) / 12,00,000 x 100", "25%"],
          ["Net profit ratio", "1,20,000 / 12,00,000 x 100", "10%"],
        ],
      }),
    ],
  },
  {
    title: "Formats of final accounts",
    blocks: [
      p(
        "The Trading Account finds the gross profit (direct expenses and revenue); the Profit and Loss Account finds the net profit (indirect expenses and incomes); the Balance Sheet shows the financial position on the last day of the year. Closing stock is credited to the Trading Account and shown as an asset.",
      ),
      table({
        caption: "Format: Trading Account for the year ended 31 March",
        head: ["Dr. Particulars", "Cr. Particulars"],
        widths: [0.5, 0.5],
        rows: [
          ["To Opening stock", "By Sales, less Sales returns"],
          ["To Purchases, less Purchases returns", "By Closing stock"],
          ["To Wages, Carriage inwards, Freight", "By Gross loss c/d (if any)"],
          ["To Gross profit c/d (balancing figure)", ""],
        ],
      }),
      table({
        caption: "Format: Profit and Loss Account for the year ended 31 March",
        head: ["Dr. Particulars", "Cr. Particulars"],
        widths: [0.5, 0.5],
        rows: [
          ["To Gross loss b/d", "By Gross profit b/d"],
          ["To Salaries, Rent, Insurance, Advertisement", "By Discount received, Commission received"],
          ["To Depreciation, Bad debts, Interest on loan", "By Interest received, Rent received"],
          ["To Net profit (transferred to Capital)", "By Net loss (transferred to Capital)"],
        ],
      }),
      table({
        caption: "Format: Balance Sheet of a company (Schedule III, Part I)",
        head: ["Equity and liabilities", "Assets"],
        widths: [0.5, 0.5],
        rows: [
          [
            "1. Shareholders' funds: Share capital; Reserves and surplus",
            "1. Non-current assets: Property, plant and equipment; Intangible assets; Non-current investments",
          ],
          [
            "2. Non-current liabilities: Long-term borrowings; Long-term provisions",
            "2. Current assets: Current investments; Inventories; Trade receivables; Cash and cash equivalents",
          ],
          ["3. Current liabilities: Short-term borrowings; Trade payables; Short-term provisions", ""],
        ],
      }),
      h("Solved example: Trading Account"),
      p("Opening stock ₹20,000; purchases ₹1,00,000; wages ₹10,000; sales ₹1,50,000; closing stock ₹30,000."),
      tAccount(
        "Trading Account for the year ended 31 March 2026",
        [
          ["To Opening stock", "20,000"],
          ["To Purchases", "1,00,000"],
          ["To Wages", "10,000"],
          ["To Gross profit c/d", "50,000"],
        ],
        [
          ["By Sales", "1,50,000"],
          ["By Closing stock", "30,000"],
        ],
        "1,80,000",
      ),
    ],
  },
  {
    title: "Partnership adjustments",
    blocks: [
      p(
        "Interest on capital, salary and commission to partners are appropriations of profit: they are shown in the Profit and Loss Appropriation Account, never in the Profit and Loss Account. Interest on drawings is a gain of the firm and is credited there.",
      ),
      table({
        caption: "Rules when there is no partnership deed (Section 13, Indian Partnership Act, 1932)",
        head: ["Item", "Rule"],
        widths: [0.35, 0.65],
        rows: [
          ["Profit-sharing ratio", "Equal"],
          ["Interest on capital", "Not allowed"],
          ["Interest on drawings", "Not charged"],
          ["Salary or commission to a partner", "Not allowed"],
          ["Interest on a partner's loan", "6% per annum, even if there is a loss"],
        ],
      }),
      h("Solved example: Profit and Loss Appropriation Account"),
      p(
        "A and B share profits 3 : 2 with capitals of ₹2,00,000 and ₹1,00,000. Interest on capital 6% p.a.; B's salary ₹12,000 a year; interest on drawings A ₹1,000, B ₹500. Net profit for the year ₹1,00,000. Divisible profit = 1,00,000 + 1,500 − 18,000 − 12,000 = ₹71,500, shared 3 : 2.",
      ),
      tAccount(
        "Profit and Loss Appropriation Account for the year ended 31 March 2026",
        [
          ["To Interest on capital: A", "12,000"],
          ["To Interest on capital: B", "6,000"],
          ["To Salary to B", "12,000"],
          ["To Profit: A's Capital (3/5)", "42,900"],
          ["To Profit: B's Capital (2/5)", "28,600"],
        ],
        [
          ["By Profit and Loss A/c", "1,00,000"],
          ["By Interest on drawings: A", "1,000"],
          ["By Interest on drawings: B", "500"],
        ],
        "1,01,500",
      ),
      points(
        "Sacrificing ratio = Old ratio − New ratio (used for goodwill on admission).",
        "Gaining ratio = New ratio − Old ratio (used for goodwill on retirement or death).",
        "Goodwill, average profit method = Average profit x Number of years' purchase.",
        "Goodwill, super profit method = (Average profit − Normal profit) x Number of years' purchase.",
      ),
    ],
  },
]);

const partnership = notes("accountancy", "12", [
  {
    title: "Goodwill",
    blocks: [
      p(
        "Goodwill is the value of a firm's reputation that lets it earn more than the normal profit of its industry. It is an intangible asset but not a fictitious one: it can be sold with the business. Under AS 26, only purchased goodwill is recorded in the books; goodwill the firm built itself is never raised.",
      ),
      points(
        "Factors that raise goodwill: efficient management, a favourable location, quality of products, a large customer base, monopoly rights and the length of time the business has run.",
        "Average profit method: Goodwill = Average profit x Number of years' purchase.",
        "Super profit method: Super profit = Average profit − Normal profit, where Normal profit = Capital employed x Normal rate of return / 100.",
        "Capitalisation method: Goodwill = Capitalised value of average profit − Capital employed.",
      ),
      h("Solved example"),
      p(
        "The profits of a firm for four years were as below. Capital employed is ₹4,00,000 and the normal rate of return is 10%. Find goodwill (a) at two years' purchase of average profit, (b) at three years' purchase of super profit, (c) by capitalising the average profit.",
      ),
      table({
        head: ["Year", "Profit (₹)"],
        widths: [0.5, 0.5],
        amounts: [1],
        rows: [
          ["2022–23", "40,000"],
          ["2023–24", "50,000"],
          ["2024–25", "60,000"],
          ["2025–26", "70,000"],
          ["Total", "2,20,000"],
        ],
        total: true,
      }),
      points(
        "Average profit = 2,20,000 / 4 = ₹55,000. (a) Goodwill = 55,000 x 2 = ₹1,10,000.",
        "Normal profit = 4,00,000 x 10 / 100 = ₹40,000; super profit = 55,000 − 40,000 = ₹15,000. (b) Goodwill = 15,000 x 3 = ₹45,000.",
        "(c) Capitalised value = 55,000 x 100 / 10 = ₹5,50,000; goodwill = 5,50,000 − 4,00,000 = ₹1,50,000.",
      ),
    ],
  },
  {
    title: "Admission of a partner",
    blocks: [
      p(
        "On admission the old partners give up part of their share to the new partner. Three matters are settled: the new profit-sharing ratio, the sacrificing ratio (old ratio − new ratio) and goodwill. Assets and liabilities are revalued so that any gain or loss until the date of admission belongs to the old partners alone.",
      ),
      table({
        caption: "Format: journal entries on admission",
        head: ["Event", "Entry"],
        widths: [0.35, 0.65],
        rows: [
          ["Capital brought in", "Cash/Bank A/c Dr. To New Partner's Capital A/c"],
          ["Premium for goodwill brought in cash", "Cash/Bank A/c Dr. To Premium for Goodwill A/c"],
          [
            "Premium shared by sacrificing partners",
            "Premium for Goodwill A/c Dr. To Old Partners' Capital A/cs (sacrificing ratio)",
          ],
          ["Gain on revaluation", "Revaluation A/c Dr. To Old Partners' Capital A/cs (old ratio)"],
        ],
      }),
      h("Solved example"),
      p(
        "A and B share profits 3 : 2. They admit C for 1/5th share, which he takes from A and B in their old ratio. C brings ₹60,000 as capital and ₹20,000 as premium for goodwill. Building is revalued up by ₹15,000, stock is reduced by ₹5,000 and a provision for doubtful debts of ₹2,000 is made.",
      ),
      points(
        "New ratio: the remaining 4/5 is shared 3 : 2, so A = 3/5 x 4/5 = 12/25, B = 2/5 x 4/5 = 8/25, C = 1/5 = 5/25. New ratio 12 : 8 : 5.",
        "Premium ₹20,000 is credited to A ₹12,000 and B ₹8,000 in the sacrificing ratio 3 : 2.",
        "Revaluation gain = 15,000 − 5,000 − 2,000 = ₹8,000, credited to A ₹4,800 and B ₹3,200.",
      ),
      tAccount(
        "Revaluation Account",
        [
          ["To Stock A/c", "5,000"],
          ["To Provision for Doubtful Debts A/c", "2,000"],
          ["To Gain: A's Capital A/c", "4,800"],
          ["To Gain: B's Capital A/c", "3,200"],
        ],
        [["By Building A/c", "15,000"]],
        "15,000",
      ),
    ],
  },
  {
    title: "Retirement and death",
    blocks: [
      p(
        "When a partner retires or dies, the remaining partners take over his share of profit in the gaining ratio (new ratio − old ratio). They compensate him for his share of goodwill, and he also receives his share of reserves, of the revaluation gain and, on death, of the profit up to the date of death.",
      ),
      points(
        "Goodwill: Remaining Partners' Capital A/cs Dr. (gaining ratio) To Retiring Partner's Capital A/c.",
        "Profit up to the date of death: Profit and Loss Suspense A/c Dr. To Deceased Partner's Capital A/c.",
        "The amount due to a deceased partner is transferred to his Executor's Account.",
      ),
      h("Solved example"),
      p(
        "X, Y and Z share profits 5 : 3 : 2. Z dies on 30 June 2026; X and Y will share 3 : 2. Goodwill is valued at ₹60,000. General reserve stands at ₹30,000. Z's share of profit to the date of death is based on last year's profit of ₹1,20,000. Z's capital was ₹50,000 and his drawings ₹4,000.",
      ),
      points(
        "Gaining ratio: X = 3/5 − 5/10 = 1/10, Y = 2/5 − 3/10 = 1/10, so 1 : 1. Z's goodwill 60,000 x 2/10 = ₹12,000 is debited to X ₹6,000 and Y ₹6,000.",
        "Z's share of reserve = 30,000 x 2/10 = ₹6,000. Profit to death = 1,20,000 x 3/12 x 2/10 = ₹6,000.",
      ),
      tAccount(
        "Z's Capital Account",
        [
          ["To Drawings A/c", "4,000"],
          ["To Z's Executors A/c", "70,000"],
        ],
        [
          ["By Balance b/d", "50,000"],
          ["By X's Capital A/c (goodwill)", "6,000"],
          ["By Y's Capital A/c (goodwill)", "6,000"],
          ["By General Reserve A/c", "6,000"],
          ["By Profit and Loss Suspense A/c", "6,000"],
        ],
        "74,000",
      ),
    ],
  },
  {
    title: "Dissolution",
    blocks: [
      p(
        "Dissolution of the firm ends the business: assets are sold, liabilities paid and partners settled through the Realisation Account. Under Section 48, the money is used in this order: outside liabilities first, then partners' loans, then partners' capitals, and any surplus in the profit-sharing ratio.",
      ),
      table({
        caption: "Format: what goes where in the Realisation Account",
        head: ["Debit side", "Credit side"],
        widths: [0.5, 0.5],
        rows: [
          ["Assets at book value (except cash, bank, fictitious assets)", "Outside liabilities at book value"],
          ["Liabilities paid in cash", "Cash received from assets sold"],
          ["Realisation expenses paid by the firm", "Assets taken over by a partner"],
          ["Profit on realisation (to partners)", "Loss on realisation (to partners)"],
        ],
      }),
      h("Solved example"),
      p(
        "P and Q share equally. Their firm is dissolved with debtors ₹30,000, stock ₹40,000, machinery ₹50,000 and creditors ₹25,000. Debtors realise ₹28,000, stock ₹36,000 and machinery ₹45,000 (₹1,09,000 in all). Creditors are paid in full and expenses are ₹2,000.",
      ),
      tAccount(
        "Realisation Account",
        [
          ["To Debtors", "30,000"],
          ["To Stock", "40,000"],
          ["To Machinery", "50,000"],
          ["To Cash (creditors paid)", "25,000"],
          ["To Cash (expenses)", "2,000"],
        ],
        [
          ["By Creditors", "25,000"],
          ["By Cash (assets realised)", "1,09,000"],
          ["By Loss: P's Capital", "6,500"],
          ["By Loss: Q's Capital", "6,500"],
        ],
        "1,47,000",
      ),
      p("Loss on realisation = 1,47,000 − 1,34,000 = ₹13,000, shared equally: ₹6,500 each."),
    ],
  },
]);

const journalLedger = notes("accountancy", "11", [
  {
    title: "Golden rules",
    blocks: [
      p(
        "Double entry: every transaction affects at least two accounts, one debited and one credited with the same amount. Accounts are personal (persons and firms), real (assets) or nominal (expenses, losses, incomes and gains).",
      ),
      table({
        caption: "Format: the golden rules of debit and credit",
        head: ["Type of account", "Debit", "Credit"],
        widths: [0.3, 0.35, 0.35],
        rows: [
          ["Personal", "The receiver", "The giver"],
          ["Real", "What comes in", "What goes out"],
          ["Nominal", "All expenses and losses", "All incomes and gains"],
        ],
      }),
      table({
        caption: "The modern approach (accounting equation: Assets = Liabilities + Capital)",
        head: ["Account", "Increase", "Decrease"],
        widths: [0.4, 0.3, 0.3],
        rows: [
          ["Assets, expenses and losses", "Debit", "Credit"],
          ["Liabilities, capital, revenue and gains", "Credit", "Debit"],
        ],
      }),
      h("Solved example"),
      table({
        head: ["Transaction", "Accounts and type", "Entry"],
        widths: [0.34, 0.36, 0.3],
        rows: [
          ["Bought furniture for cash", "Furniture (real), Cash (real)", "Furniture Dr., Cash Cr."],
          ["Paid rent", "Rent (nominal), Cash (real)", "Rent Dr., Cash Cr."],
          ["Sold goods on credit to Sohan", "Sohan (personal), Sales (nominal)", "Sohan Dr., Sales Cr."],
        ],
      }),
    ],
  },
  {
    title: "Journal entries",
    blocks: [
      p(
        "The journal is the book of original entry: transactions are recorded in order of date, each with the account debited, the account credited and a narration. The L.F. (ledger folio) column is filled in when the entry is posted.",
      ),
      table({
        caption: "Format: Journal",
        head: ["Date", "Particulars", "L.F.", "Debit (₹)", "Credit (₹)"],
        widths: [0.12, 0.5, 0.08, 0.15, 0.15],
        rows: [["", "Account to be debited Dr. To Account to be credited (Being … narration)", "", "", ""]],
      }),
      h("Solved example: Journal of Rohit Traders, April 2026"),
      table({
        head: ["Date", "Particulars", "Debit (₹)", "Credit (₹)"],
        widths: [0.1, 0.58, 0.16, 0.16],
        amounts: [2, 3],
        rows: [
          ["1 Apr", "Cash A/c Dr. To Capital A/c (business started with cash)", "1,00,000", "1,00,000"],
          ["3 Apr", "Bank A/c Dr. To Cash A/c (cash deposited into bank)", "40,000", "40,000"],
          ["5 Apr", "Purchases A/c Dr. To Cash A/c (goods bought for cash)", "20,000", "20,000"],
          ["8 Apr", "Purchases A/c Dr. To Mohan (goods bought on credit)", "30,000", "30,000"],
          ["12 Apr", "Cash A/c Dr. To Sales A/c (goods sold for cash)", "25,000", "25,000"],
          ["15 Apr", "Sohan Dr. To Sales A/c (goods sold on credit)", "18,000", "18,000"],
          ["18 Apr", "Rent A/c Dr. To Cash A/c (rent paid)", "5,000", "5,000"],
          ["20 Apr", "Mohan Dr. To Bank A/c (paid by cheque)", "30,000", "30,000"],
          ["25 Apr", "Cash A/c Dr. To Sohan (cash received)", "18,000", "18,000"],
          ["28 Apr", "Furniture A/c Dr. To Bank A/c (bought by cheque)", "8,000", "8,000"],
          ["30 Apr", "Drawings A/c Dr. To Cash A/c (withdrawn for personal use)", "3,000", "3,000"],
          ["", "Total", "2,97,000", "2,97,000"],
        ],
        total: true,
      }),
    ],
  },
  {
    title: "Ledger posting",
    blocks: [
      p(
        "The ledger is the principal book: it keeps one account for each item. Posting moves each journal entry to the two accounts it names. On the debit side write 'To' the name of the account credited; on the credit side write 'By' the name of the account debited. Balance an account by entering the difference as 'Balance c/d' on the smaller side.",
      ),
      table({
        caption: "Format: a ledger account (T-account)",
        head: ["Dr. Date", "Particulars", "Amount (₹)", "Cr. Date", "Particulars", "Amount (₹)"],
        widths: [0.12, 0.22, 0.16, 0.12, 0.22, 0.16],
        rows: [["", "To (account credited)", "", "", "By (account debited)", ""]],
      }),
      h("Solved example: Cash and Bank accounts of Rohit Traders"),
      tAccount(
        "Cash Account",
        [
          ["To Capital A/c", "1,00,000"],
          ["To Sales A/c", "25,000"],
          ["To Sohan", "18,000"],
        ],
        [
          ["By Bank A/c", "40,000"],
          ["By Purchases A/c", "20,000"],
          ["By Rent A/c", "5,000"],
          ["By Drawings A/c", "3,000"],
          ["By Balance c/d", "75,000"],
        ],
        "1,43,000",
      ),
      tAccount(
        "Bank Account",
        [["To Cash A/c", "40,000"]],
        [
          ["By Mohan", "30,000"],
          ["By Furniture A/c", "8,000"],
          ["By Balance c/d", "2,000"],
        ],
        "40,000",
      ),
    ],
  },
  {
    title: "Trial balance",
    blocks: [
      p(
        "A trial balance is a statement of the debit and credit balances of all ledger accounts on a date. Equal totals show that the books are arithmetically accurate; they do not prove that there are no errors.",
      ),
      points(
        "Errors a trial balance does not disclose: errors of omission, errors of principle, compensating errors and an entry posted to the right side of a wrong account (error of commission).",
        "Assets, expenses, losses and drawings have debit balances; liabilities, capital, incomes and gains have credit balances.",
      ),
      h("Solved example: Trial Balance of Rohit Traders as at 30 April 2026"),
      table({
        head: ["Account", "Debit (₹)", "Credit (₹)"],
        widths: [0.5, 0.25, 0.25],
        amounts: [1, 2],
        rows: [
          ["Cash", "75,000", ""],
          ["Bank", "2,000", ""],
          ["Purchases", "50,000", ""],
          ["Rent", "5,000", ""],
          ["Furniture", "8,000", ""],
          ["Drawings", "3,000", ""],
          ["Capital", "", "1,00,000"],
          ["Sales", "", "43,000"],
          ["Total", "1,43,000", "1,43,000"],
        ],
        total: true,
      }),
      p("Mohan and Sohan have no balance: each was paid or paid in full during the month."),
    ],
  },
]);

const paper12 = paper("accountancy", "12", [
  {
    title: "Part A: Accounting for Partnership Firms and Companies",
    blocks: [
      p("Time allowed: 1 hour 30 minutes. Maximum marks: 40 (a half-length paper: Part A 30 marks, Part B 10 marks)."),
      h("General instructions"),
      points(
        "This paper has two parts. Part A is compulsory for all. Part B has two options, Analysis of Financial Statements and Computerised Accounting: attempt only one of them.",
        "Questions 1 to 8 and 14 to 16 carry 1 mark each; marks of the other questions are shown against them.",
        "Show your working notes clearly.",
      ),
      q("1", 1, "In the absence of a partnership deed, profits of a firm are shared by the partners:", [
        "in the ratio of their capitals",
        "equally",
        "in the ratio 3 : 2",
        "in the ratio of time devoted",
      ]),
      q(
        "2",
        1,
        "P and Q share profits 3 : 2. R is admitted for 1/4th share, which he takes from P and Q equally. The new ratio is:",
        ["19 : 11 : 10", "3 : 2 : 1", "9 : 6 : 5", "12 : 8 : 5"],
      ),
      q(
        "3",
        1,
        "Assertion (A): A Revaluation Account is prepared at the time of admission of a partner. Reason (R): The gain or loss on revaluation up to the date of admission belongs to the old partners.",
        SAMPLE_PAPER_AR_OPTIONS,
      ),
      q("4", 1, "Securities premium may be used for:", [
        "paying dividend",
        "writing off preliminary expenses",
        "issuing fully paid bonus shares",
        "both (b) and (c)",
      ]),
      q(
        "5",
        1,
        "100 shares of ₹10 each, on which ₹6 per share had been paid, were forfeited and later reissued at ₹8 per share as fully paid. The amount transferred to Capital Reserve is:",
        ["₹600", "₹400", "₹200", "₹800"],
      ),
      q("6", 1, "Interest on debentures is:", [
        "an appropriation of profit",
        "a charge against profit",
        "paid only when there is a profit",
        "credited to Securities Premium",
      ]),
      q("7", 1, "On dissolution of a firm, realisation expenses paid by the firm are debited to:", [
        "Realisation Account",
        "Partners' Capital Accounts",
        "Profit and Loss Account",
        "Cash Account",
      ]),
      q("8", 1, "The sacrificing ratio is:", [
        "New ratio − Old ratio",
        "Old ratio − New ratio",
        "Old ratio + New ratio",
        "the capital ratio",
      ]),
      q(
        "9",
        3,
        "The average profit of a firm is ₹72,000 and its capital employed ₹5,00,000. The normal rate of return is 12%. Calculate goodwill at three years' purchase of super profit.",
      ),
      q(
        "10",
        3,
        "Pass journal entries for the issue of 5,000, 10% debentures of ₹100 each at a discount of 5%, redeemable at a premium of 10%.",
      ),
      q(
        "11",
        4,
        "X and Y share profits 3 : 2 with capitals of ₹3,00,000 and ₹2,00,000. Interest on capital is allowed at 5% p.a. and Y gets a salary of ₹2,000 a month. The profit for the year is ₹1,20,000. Prepare the Profit and Loss Appropriation Account.",
      ),
      q(
        "12",
        6,
        "Ram and Shyam share profits 3 : 1. They admit Mohan for 1/4th share, taken from them in their old ratio. Mohan brings ₹50,000 as capital and ₹12,000 as premium for goodwill. Machinery is revalued up by ₹8,000 and a provision for doubtful debts of ₹2,000 is made. Prepare the Revaluation Account, pass the entries for the premium and find the new ratio.",
      ),
      q(
        "13",
        6,
        "P and Q share equally. On dissolution: debtors ₹50,000, stock ₹30,000, furniture ₹20,000, creditors ₹35,000. Debtors realised ₹47,000, stock ₹27,000 and furniture ₹14,000. Creditors accepted ₹34,000 in full settlement. Realisation expenses were ₹1,500. Prepare the Realisation Account.",
      ),
    ],
  },
  {
    title: "Part B: Option I or Option II",
    blocks: [
      h("Option I: Analysis of Financial Statements"),
      q("14", 1, "Which of these is a cash equivalent?", [
        "A treasury bill maturing in three months",
        "Long-term investment in shares",
        "Inventory",
        "Trade receivables",
      ]),
      q("15", 1, "Purchase of machinery is shown in a Cash Flow Statement under:", [
        "operating activities",
        "investing activities",
        "financing activities",
        "cash equivalents",
      ]),
      q("16", 1, "The current ratio is 2.5 : 1 and working capital is ₹60,000. Current liabilities are:", [
        "₹40,000",
        "₹24,000",
        "₹1,00,000",
        "₹60,000",
      ]),
      q(
        "17",
        3,
        "Revenue from operations ₹6,00,000; gross profit 25% on revenue from operations; opening inventory ₹70,000; closing inventory ₹1,30,000. Calculate the inventory turnover ratio.",
      ),
      q(
        "18",
        4,
        "Net profit before tax ₹1,50,000; depreciation ₹20,000; loss on sale of machinery ₹5,000; increase in trade receivables ₹15,000; increase in trade payables ₹10,000; decrease in inventory ₹8,000. Calculate cash flow from operating activities.",
      ),
      h("Option II: Computerised Accounting"),
      q("14", 1, "The spreadsheet function that adds the values of a range of cells is:", [
        "COUNT",
        "SUM",
        "AVERAGE",
        "PRODUCT",
      ]),
      q("15", 1, "A field that identifies each record of a table uniquely is called:", [
        "a foreign key",
        "a primary key",
        "an index",
        "a query",
      ]),
      q("16", 1, "The formula =ROUND(12.567, 1) returns:", ["12.5", "12.6", "12.57", "13"]),
      q("17", 3, "State any three advantages of a computerised accounting system over manual accounting."),
      q(
        "18",
        4,
        "An employee's basic pay is in cell B2. Write the formulas for DA at 40% of basic (C2), HRA at 20% of basic (D2), gross pay (E2) and provident fund at 12% of basic (F2).",
      ),
    ],
  },
  {
    title: "Marking scheme and answers",
    blocks: [
      answerKey("Answer key: objective questions", [
        ["1", "(b)", "Section 13(b) of the Partnership Act: equal shares without a deed."],
        ["2", "(a)", "P = 3/5 − 1/8 = 19/40; Q = 2/5 − 1/8 = 11/40; R = 10/40."],
        ["3", "(a)", "Both true; R explains why the revaluation is made."],
        ["4", "(d)", "Section 52 of the Companies Act, 2013 allows both uses."],
        ["5", "(b)", "Forfeited ₹600 less discount on reissue ₹200 = ₹400."],
        ["6", "(b)", "It is payable whether or not there is a profit."],
        ["7", "(a)", "Expenses of realisation reduce the profit on realisation."],
        ["8", "(b)", "Sacrifice = what a partner gives up = old − new."],
        ["14 (I)", "(a)", "Highly liquid, maturing within three months."],
        ["15 (I)", "(b)", "Buying long-term assets is an investing activity."],
        ["16 (I)", "(a)", "Working capital = 1.5 x CL = ₹60,000, so CL = ₹40,000."],
      ]),
      h("Q9 (3 marks)"),
      p(
        "Normal profit = 5,00,000 x 12/100 = ₹60,000 (1 mark). Super profit = 72,000 − 60,000 = ₹12,000 (1 mark). Goodwill = 12,000 x 3 = ₹36,000 (1 mark).",
      ),
      h("Q10 (3 marks)"),
      table({
        head: ["Particulars", "Debit (₹)", "Credit (₹)"],
        widths: [0.6, 0.2, 0.2],
        amounts: [1, 2],
        rows: [
          ["Bank A/c Dr. To Debenture Application and Allotment A/c", "4,75,000", "4,75,000"],
          [
            "Debenture Application and Allotment A/c Dr. 4,75,000; Loss on Issue of Debentures A/c Dr. 75,000. To 10% Debentures A/c 5,00,000; To Premium on Redemption of Debentures A/c 50,000",
            "5,50,000",
            "5,50,000",
          ],
          ["Total", "10,25,000", "10,25,000"],
        ],
        total: true,
      }),
      p("Loss on issue = discount ₹25,000 + premium on redemption ₹50,000 = ₹75,000."),
      h("Q11 (4 marks)"),
      tAccount(
        "Profit and Loss Appropriation Account",
        [
          ["To Interest on capital: X", "15,000"],
          ["To Interest on capital: Y", "10,000"],
          ["To Salary to Y", "24,000"],
          ["To Profit: X (3/5)", "42,600"],
          ["To Profit: Y (2/5)", "28,400"],
        ],
        [["By Profit and Loss A/c", "1,20,000"]],
        "1,20,000",
      ),
      h("Q13 (6 marks)"),
      tAccount(
        "Realisation Account",
        [
          ["To Debtors", "50,000"],
          ["To Stock", "30,000"],
          ["To Furniture", "20,000"],
          ["To Cash (creditors)", "34,000"],
          ["To Cash (expenses)", "1,500"],
        ],
        [
          ["By Creditors", "35,000"],
          ["By Cash (assets realised)", "88,000"],
          ["By Loss: P's Capital", "6,250"],
          ["By Loss: Q's Capital", "6,250"],
        ],
        "1,35,500",
      ),
      h("Q18, Option I (4 marks)"),
      table({
        head: ["Particulars", "Amount (₹)"],
        widths: [0.7, 0.3],
        amounts: [1],
        rows: [
          ["Net profit before tax", "1,50,000"],
          ["Add: Depreciation", "20,000"],
          ["Add: Loss on sale of machinery", "5,000"],
          ["Operating profit before working capital changes", "1,75,000"],
          ["Less: Increase in trade receivables", "(15,000)"],
          ["Add: Increase in trade payables", "10,000"],
          ["Add: Decrease in inventory", "8,000"],
          ["Cash flow from operating activities", "1,78,000"],
        ],
      }),
      p(
        "Q17, Option I: cost of revenue = 6,00,000 − 1,50,000 = ₹4,50,000; average inventory = ₹1,00,000; ratio = 4.5 times.",
      ),
      p("Q18, Option II: C2 =B2*40%, D2 =B2*20%, E2 =B2+C2+D2, F2 =B2*12% (1 mark each)."),
    ],
  },
]);

const paper11 = paper("accountancy", "11", [
  {
    title: "Sections A and B",
    blocks: [
      p("Time allowed: 1 hour 30 minutes. Maximum marks: 40 (a half-length annual paper)."),
      h("General instructions"),
      points(
        "All questions are compulsory. Section A has objective questions of 1 mark each; Section B 3 marks each; Section C 4 marks each; Section D 6 marks each.",
        "Narrations are required with journal entries. Show working notes.",
      ),
      h("Section A"),
      q("1", 1, "Which of these is not a fundamental accounting assumption under AS 1?", [
        "Going concern",
        "Consistency",
        "Accrual",
        "Conservatism",
      ]),
      q("2", 1, "Goods withdrawn by the proprietor for personal use are credited to:", [
        "Sales Account",
        "Purchases Account",
        "Capital Account",
        "Drawings Account",
      ]),
      q("3", 1, "If capital is ₹1,50,000 and liabilities are ₹50,000, total assets are:", [
        "₹1,00,000",
        "₹2,00,000",
        "₹1,50,000",
        "₹50,000",
      ]),
      q(
        "4",
        1,
        "The cash book shows a bank balance of ₹10,000. Cheques of ₹2,000 issued have not been presented. The pass book balance is:",
        ["₹8,000", "₹10,000", "₹12,000", "₹2,000"],
      ),
      q(
        "5",
        1,
        "Machinery costing ₹1,00,000 is depreciated at 10% p.a. on the written down value. Depreciation for the second year is:",
        ["₹10,000", "₹9,000", "₹8,100", "₹19,000"],
      ),
      q("6", 1, "Purchase of machinery debited to Purchases Account is:", [
        "an error of omission",
        "an error of principle",
        "a compensating error",
        "an error of commission",
      ]),
      q("7", 1, "A trial balance is prepared to check:", [
        "the arithmetical accuracy of the books",
        "the profit of the business",
        "the financial position",
        "errors of principle",
      ]),
      q("8", 1, "Furniture bought on credit from Raj Furnishers is recorded in:", [
        "the purchases book",
        "the journal proper",
        "the cash book",
        "the sales book",
      ]),
      h("Section B"),
      q(
        "9",
        3,
        "Journalise: (a) goods costing ₹5,000 distributed as free samples; (b) salary of ₹8,000 paid by cheque; (c) commission of ₹2,000 received in cash.",
      ),
      q(
        "10",
        3,
        "Show the accounting equation after each transaction: started business with cash ₹80,000; bought goods on credit ₹20,000; sold goods costing ₹10,000 for ₹14,000 cash.",
      ),
    ],
  },
  {
    title: "Sections C and D",
    blocks: [
      h("Section C"),
      q(
        "11",
        4,
        "The cash book shows a debit balance of ₹25,000. Cheques of ₹4,000 deposited have not been credited; cheques of ₹6,000 issued have not been presented; the bank charged ₹500 and credited interest of ₹1,200. Prepare a Bank Reconciliation Statement.",
      ),
      q(
        "12",
        4,
        "Rectify: (a) the sales book was undercast by ₹1,000; (b) machinery bought for ₹10,000 was debited to Purchases; (c) ₹2,000 received from Ram was credited to Shyam; (d) wages of ₹1,500 paid for installing machinery were debited to Wages.",
      ),
      h("Section D"),
      q(
        "13",
        6,
        "Prepare a trial balance from these balances: Capital ₹1,50,000; Drawings ₹12,000; Purchases ₹90,000; Sales ₹1,40,000; Opening stock ₹20,000; Wages ₹8,000; Salaries ₹15,000; Rent ₹6,000; Debtors ₹40,000; Creditors ₹25,000; Furniture ₹30,000; Machinery ₹80,000; Cash ₹14,000.",
      ),
      q(
        "14",
        6,
        "A machine was bought on 1 April 2023 for ₹90,000 and ₹10,000 was spent on its installation. Its life is 5 years and its scrap value ₹10,000. Prepare the Machinery Account for three years under the straight line method (books closed on 31 March).",
      ),
      q(
        "15",
        6,
        "From the trial balance of Q13 and closing stock of ₹25,000, prepare the Trading and Profit and Loss Account for the year ended 31 March 2026.",
      ),
    ],
  },
  {
    title: "Marking scheme and answers",
    blocks: [
      answerKey("Answer key: Section A", [
        ["1", "(d)", "AS 1 names going concern, consistency and accrual."],
        ["2", "(b)", "Drawings A/c Dr. To Purchases A/c, at cost."],
        ["3", "(b)", "Assets = Liabilities + Capital = 50,000 + 1,50,000."],
        ["4", "(c)", "The bank has not yet paid the cheques: 10,000 + 2,000."],
        ["5", "(b)", "Year 1: 10,000; WDV 90,000 x 10% = 9,000."],
        ["6", "(b)", "A capital expenditure treated as revenue expenditure."],
        ["7", "(a)", "Equal totals show arithmetical accuracy only."],
        ["8", "(b)", "The purchases book records credit purchases of goods only."],
      ]),
      h("Q11 (4 marks): Bank Reconciliation Statement"),
      table({
        head: ["Particulars", "Amount (₹)"],
        widths: [0.7, 0.3],
        amounts: [1],
        rows: [
          ["Balance as per cash book", "25,000"],
          ["Add: Cheques issued but not presented", "6,000"],
          ["Add: Interest credited by the bank", "1,200"],
          ["Less: Cheques deposited but not credited", "(4,000)"],
          ["Less: Bank charges", "(500)"],
          ["Balance as per pass book", "27,700"],
        ],
      }),
      h("Q13 (6 marks): Trial Balance as at 31 March 2026"),
      table({
        head: ["Account", "Debit (₹)", "Credit (₹)"],
        widths: [0.5, 0.25, 0.25],
        amounts: [1, 2],
        rows: [
          ["Capital", "", "1,50,000"],
          ["Drawings", "12,000", ""],
          ["Purchases", "90,000", ""],
          ["Sales", "", "1,40,000"],
          ["Opening stock", "20,000", ""],
          ["Wages", "8,000", ""],
          ["Salaries", "15,000", ""],
          ["Rent", "6,000", ""],
          ["Debtors", "40,000", ""],
          ["Creditors", "", "25,000"],
          ["Furniture", "30,000", ""],
          ["Machinery", "80,000", ""],
          ["Cash", "14,000", ""],
          ["Total", "3,15,000", "3,15,000"],
        ],
        total: true,
      }),
      h("Q14 (6 marks)"),
      p(
        "Depreciation = (90,000 + 10,000 − 10,000) / 5 = ₹18,000 a year. Closing balances: 31 March 2024 ₹82,000; 2025 ₹64,000; 2026 ₹46,000.",
      ),
      tAccount(
        "Machinery Account, 2023–24",
        [["To Bank A/c (cost and installation)", "1,00,000"]],
        [
          ["By Depreciation A/c", "18,000"],
          ["By Balance c/d", "82,000"],
        ],
        "1,00,000",
      ),
      h("Q15 (6 marks)"),
      tAccount(
        "Trading Account for the year ended 31 March 2026",
        [
          ["To Opening stock", "20,000"],
          ["To Purchases", "90,000"],
          ["To Wages", "8,000"],
          ["To Gross profit c/d", "47,000"],
        ],
        [
          ["By Sales", "1,40,000"],
          ["By Closing stock", "25,000"],
        ],
        "1,65,000",
      ),
      tAccount(
        "Profit and Loss Account for the year ended 31 March 2026",
        [
          ["To Salaries", "15,000"],
          ["To Rent", "6,000"],
          ["To Net profit (to Capital)", "26,000"],
        ],
        [["By Gross profit b/d", "47,000"]],
        "47,000",
      ),
    ],
  },
]);

export const accountancyDocuments: SampleDocument[] = [formulaSheet, partnership, journalLedger, paper12, paper11];
