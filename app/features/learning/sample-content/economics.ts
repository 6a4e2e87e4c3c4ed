/**
 * Economics: macroeconomics quick revision (Class 12), microeconomics summary notes (Class 11) and
 * two sample papers in the board's pattern. Figures are in ₹ crore unless a table says otherwise.
 */
import { answerKey, h, notes, p, paper, points, q, SAMPLE_PAPER_AR_OPTIONS, type SampleDocument, table } from "./types";

const macro = notes("economics", "12", [
  {
    title: "National income",
    blocks: [
      p(
        "National income is the sum of factor incomes (rent, interest, profit, compensation of employees and mixed income) earned by the normal residents of a country in a year, within the domestic territory and abroad. It equals Net National Product at factor cost (NNP at FC).",
      ),
      table({
        caption: "Format: from GDP at market price to national income",
        head: ["Step", "Aggregate"],
        widths: [0.45, 0.55],
        rows: [
          ["GDP at market price (MP)", "Market value of final goods and services produced in the domestic territory"],
          ["− Depreciation (consumption of fixed capital)", "= NDP at MP"],
          ["− Net indirect taxes (indirect taxes − subsidies)", "= NDP at FC (domestic income)"],
          ["+ Net factor income from abroad (NFIA)", "= NNP at FC (national income)"],
        ],
      }),
      points(
        "Only final goods are counted, or the value added at each stage: counting intermediate goods again is double counting.",
        "Not included: transfer payments (old-age pension, scholarship), sale of second-hand goods, purchase of shares and bonds.",
      ),
      h("Solved example: income method"),
      table({
        head: ["Factor income", "₹ crore"],
        widths: [0.7, 0.3],
        amounts: [1],
        rows: [
          ["Compensation of employees", "800"],
          ["Rent", "200"],
          ["Interest", "150"],
          ["Profit", "350"],
          ["Mixed income of the self-employed", "300"],
          ["NDP at FC (domestic income)", "1,800"],
        ],
        total: true,
      }),
      p(
        "With net factor income from abroad of (−) ₹50 crore, national income (NNP at FC) = 1,800 − 50 = ₹1,750 crore.",
      ),
    ],
  },
  {
    title: "Money and banking",
    blocks: [
      p(
        "Money is anything generally accepted as a medium of exchange. Its functions are medium of exchange, measure of value, store of value and standard of deferred payment. Commercial banks accept deposits and lend; they create credit because only a fraction of deposits (the legal reserve ratio) is kept as reserves.",
      ),
      points(
        "Money multiplier = 1 / Legal reserve ratio (LRR).",
        "Total deposits created = Initial deposit x Money multiplier.",
      ),
      h("Solved example: credit creation with LRR 20%"),
      p(
        "An initial deposit of ₹1,000 crore with LRR 20% gives a money multiplier of 1 / 0.2 = 5, so total deposits = ₹5,000 crore.",
      ),
      table({
        head: ["Round", "Deposits (₹ crore)", "Reserves at 20%", "Loans (₹ crore)"],
        widths: [0.25, 0.25, 0.25, 0.25],
        amounts: [1, 2, 3],
        rows: [
          ["1 (initial)", "1,000", "200", "800"],
          ["2", "800", "160", "640"],
          ["3", "640", "128", "512"],
          ["All rounds", "5,000", "1,000", "4,000"],
        ],
      }),
      table({
        caption: "Format: the RBI's tools to control credit",
        head: ["Tool", "To control inflation", "To fight deflation"],
        widths: [0.4, 0.3, 0.3],
        rows: [
          ["Repo rate and bank rate", "Raise", "Lower"],
          ["Cash reserve ratio (CRR)", "Raise", "Lower"],
          ["Statutory liquidity ratio (SLR)", "Raise", "Lower"],
          ["Open market operations", "Sell securities", "Buy securities"],
        ],
      }),
    ],
  },
  {
    title: "Government budget",
    blocks: [
      p(
        "The government budget is the annual statement of estimated receipts and expenditure of the government for a financial year (1 April to 31 March). Receipts are revenue receipts (tax and non-tax), which neither create a liability nor reduce assets, and capital receipts (borrowings, recovery of loans, disinvestment), which do one of the two.",
      ),
      table({
        caption: "Format: measures of deficit",
        head: ["Deficit", "Formula"],
        widths: [0.3, 0.7],
        rows: [
          ["Revenue deficit", "Revenue expenditure − Revenue receipts"],
          [
            "Fiscal deficit",
            "Total expenditure − (Revenue receipts + Non-debt creating capital receipts) = Borrowings",
          ],
          ["Primary deficit", "Fiscal deficit − Interest payments"],
        ],
      }),
      h("Solved example"),
      table({
        head: ["Item", "₹ crore"],
        widths: [0.7, 0.3],
        amounts: [1],
        rows: [
          ["Revenue receipts", "2,00,000"],
          ["Revenue expenditure (including interest ₹40,000)", "2,50,000"],
          ["Recovery of loans and disinvestment (non-debt capital receipts)", "15,000"],
          ["Capital expenditure", "65,000"],
        ],
      }),
      points(
        "Revenue deficit = 2,50,000 − 2,00,000 = ₹50,000 crore.",
        "Fiscal deficit = (2,50,000 + 65,000) − (2,00,000 + 15,000) = ₹1,00,000 crore.",
        "Primary deficit = 1,00,000 − 40,000 = ₹60,000 crore.",
      ),
    ],
  },
  {
    title: "Balance of payments",
    blocks: [
      p(
        "The balance of payments (BoP) records all economic transactions between the residents of a country and the rest of the world in a year. Its current account records trade in goods (the balance of trade), services, income and transfers; its capital account records borrowing, lending and investment across borders.",
      ),
      p(
        "Under a flexible exchange rate, the price of foreign currency is set by its demand and supply. When the rupee depreciates (more rupees per dollar), Indian goods become cheaper for foreigners, so exports tend to rise and imports to fall.",
      ),
      h("Solved example"),
      table({
        head: ["Item", "₹ crore"],
        widths: [0.7, 0.3],
        amounts: [1],
        rows: [
          ["Exports of goods", "500"],
          ["Imports of goods", "(700)"],
          ["Balance of trade (deficit)", "(200)"],
          ["Net invisibles (services, income, transfers)", "150"],
          ["Current account balance (deficit)", "(50)"],
        ],
      }),
      p(
        "A current account deficit of ₹50 crore must be met by a surplus on the capital account or by drawing on foreign exchange reserves.",
      ),
    ],
  },
]);

const micro = notes("economics", "11", [
  {
    title: "Utility analysis",
    blocks: [
      p(
        "Utility is the want-satisfying power of a commodity. Total utility (TU) is the satisfaction from all units consumed; marginal utility (MU) is the change in TU from one more unit: MUn = TUn − TUn−1. By the law of diminishing marginal utility, MU falls as more units are consumed; when MU is zero, TU is at its maximum.",
      ),
      points(
        "Consumer's equilibrium with one good: MUx / Px = MU of a rupee.",
        "With two goods: MUx / Px = MUy / Py = MU of a rupee.",
      ),
      h("Solved example"),
      table({
        head: ["Units", "Total utility (utils)", "Marginal utility (utils)"],
        widths: [0.3, 0.35, 0.35],
        amounts: [1, 2],
        rows: [
          ["1", "10", "10"],
          ["2", "18", "8"],
          ["3", "24", "6"],
          ["4", "28", "4"],
          ["5", "30", "2"],
          ["6", "30", "0"],
        ],
      }),
      p(
        "TU is greatest (30 utils) at the 6th unit, where MU is zero; a 7th unit would bring negative MU and reduce TU.",
      ),
    ],
  },
  {
    title: "Indifference curves",
    blocks: [
      p(
        "An indifference curve (IC) shows combinations of two goods that give the consumer equal satisfaction. ICs slope downward, are convex to the origin (diminishing marginal rate of substitution), never intersect, and a higher IC means more satisfaction.",
      ),
      points(
        "Budget line: Px x x + Py x y = M. Its slope is −Px / Py.",
        "MRS of x for y = units of y given up for one more unit of x.",
        "Equilibrium: MRS = Px / Py, with the IC convex at that point.",
      ),
      h("Solved example: a budget line"),
      p(
        "Income ₹40, price of x ₹4, price of y ₹2. The consumer can buy at most 10 units of x or 20 units of y; the slope of the budget line is −4 / 2 = −2.",
      ),
      table({
        head: ["Bundle", "Units of x", "Units of y", "Spending (₹)"],
        widths: [0.25, 0.25, 0.25, 0.25],
        rows: [
          ["A", "0", "20", "0 + 40 = 40"],
          ["B", "5", "10", "20 + 20 = 40"],
          ["C", "10", "0", "40 + 0 = 40"],
        ],
      }),
    ],
  },
  {
    title: "Costs and revenue",
    blocks: [
      p(
        "Total cost (TC) = total fixed cost (TFC) + total variable cost (TVC). Average cost AC = TC / Q = AFC + AVC. Marginal cost MC = TCn − TCn−1. AFC falls throughout; AVC, AC and MC are U-shaped, and MC cuts AVC and AC at their lowest points.",
      ),
      h("Solved example: TFC ₹60"),
      table({
        head: ["Output", "TVC", "TC", "MC", "AFC", "AVC", "AC"],
        widths: [0.13, 0.14, 0.15, 0.14, 0.14, 0.15, 0.15],
        rows: [
          ["0", "0", "60", "–", "–", "–", "–"],
          ["1", "20", "80", "20", "60", "20", "80"],
          ["2", "36", "96", "16", "30", "18", "48"],
          ["3", "48", "108", "12", "20", "16", "36"],
          ["4", "64", "124", "16", "15", "16", "31"],
          ["5", "90", "150", "26", "12", "18", "30"],
        ],
      }),
      p(
        "Revenue: total revenue TR = P x Q, average revenue AR = TR / Q = price, marginal revenue MR = TRn − TRn−1. Under perfect competition price is given, so AR = MR = P.",
      ),
    ],
  },
  {
    title: "Perfect competition",
    blocks: [
      p(
        "Perfect competition has a very large number of buyers and sellers, a homogeneous product, free entry and exit, perfect knowledge and perfect mobility. The industry sets the price; each firm is a price taker and faces a horizontal demand curve.",
      ),
      points(
        "Producer's equilibrium: MR = MC, and MC is rising (cuts MR from below).",
        "Short-run shutdown point: price below the minimum of AVC.",
        "Long run: free entry and exit leave only normal profit, P = minimum AC.",
      ),
      h("Solved example: price ₹20"),
      table({
        head: ["Output", "TR (₹)", "TC (₹)", "MR (₹)", "MC (₹)", "Profit (₹)"],
        widths: [0.15, 0.17, 0.17, 0.17, 0.17, 0.17],
        rows: [
          ["0", "0", "10", "–", "–", "−10"],
          ["1", "20", "25", "20", "15", "−5"],
          ["2", "40", "35", "20", "10", "5"],
          ["3", "60", "50", "20", "15", "10"],
          ["4", "80", "70", "20", "20", "10"],
          ["5", "100", "95", "20", "25", "5"],
          ["6", "120", "125", "20", "30", "−5"],
        ],
      }),
      p(
        "MR = MC = ₹20 at 4 units, and MC is rising there: the firm produces 4 units and earns the highest profit, ₹10.",
      ),
    ],
  },
]);

const paper12 = paper("economics", "12", [
  {
    title: "Section A: Macroeconomics",
    blocks: [
      p(
        "Time allowed: 1 hour 30 minutes. Maximum marks: 40 (a half-length paper: Section A 20 marks, Section B 20 marks).",
      ),
      h("General instructions"),
      points(
        "All questions are compulsory. Questions 1 to 5 and 9 to 13 carry 1 mark each; marks of the other questions are shown against them.",
        "Answers to 3-mark questions should be about 60 to 80 words; 6-mark answers about 100 to 150 words.",
      ),
      q("1", 1, "Which of these is a flow?", ["Money supply", "Wealth", "National income", "Stock of capital"]),
      q("2", 1, "If the marginal propensity to consume is 0.75, the investment multiplier is:", [
        "4",
        "3",
        "0.25",
        "1.33",
      ]),
      q("3", 1, "If the legal reserve ratio is 10%, the money multiplier is:", ["1", "10", "100", "0.1"]),
      q(
        "4",
        1,
        "Assertion (A): The fiscal deficit shows the total borrowing requirement of the government. Reason (R): Fiscal deficit = Total expenditure − Total receipts excluding borrowings.",
        SAMPLE_PAPER_AR_OPTIONS,
      ),
      q("5", 1, "A depreciation of the rupee, other things equal, tends to:", [
        "reduce exports",
        "increase exports",
        "increase imports",
        "leave trade unchanged",
      ]),
      q(
        "6",
        3,
        "Calculate national income: GDP at market price ₹5,000 crore; depreciation ₹300 crore; net indirect taxes ₹400 crore; net factor income from abroad (−) ₹100 crore.",
      ),
      q(
        "7",
        6,
        "Explain the process of credit creation by commercial banks. Use an initial deposit of ₹2,000 crore and a legal reserve ratio of 25%.",
      ),
      q(
        "8",
        6,
        "In an economy C = 100 + 0.8Y and investment is ₹200 crore. Find the equilibrium level of income and saving at equilibrium. By how much does income rise if investment rises by ₹50 crore?",
      ),
    ],
  },
  {
    title: "Section B: Indian Economic Development",
    blocks: [
      q("9", 1, "LPG, the reforms of 1991, stands for:", [
        "Liberalisation, Privatisation and Globalisation",
        "Licensing, Planning and Growth",
        "Land, Production and Goods",
        "Liberalisation, Planning and Growth",
      ]),
      q("10", 1, "India's First Five Year Plan began in:", ["1947", "1950", "1951", "1956"]),
      q("11", 1, "At independence, most of India's workforce was employed in:", [
        "agriculture",
        "manufacturing",
        "services",
        "mining",
      ]),
      q(
        "12",
        1,
        "Assertion (A): Human capital formation raises the productivity of an economy. Reason (R): Education and health improve the skills and efficiency of workers.",
        SAMPLE_PAPER_AR_OPTIONS,
      ),
      q("13", 1, "MGNREGA guarantees each rural household wage employment of up to:", [
        "50 days a year",
        "100 days a year",
        "150 days a year",
        "365 days a year",
      ]),
      q("14", 3, "State any three goals of India's five year plans."),
      q("15", 6, "What is meant by privatisation? Explain two ways in which it was carried out in India after 1991."),
      q(
        "16",
        6,
        "Distinguish between physical capital and human capital (any three points) and explain how human capital helps economic growth.",
      ),
    ],
  },
  {
    title: "Marking scheme and answers",
    blocks: [
      answerKey("Answer key: objective questions", [
        ["1", "(c)", "It is measured over a period of time."],
        ["2", "(a)", "k = 1 / (1 − 0.75) = 4."],
        ["3", "(b)", "1 / 0.10 = 10."],
        ["4", "(a)", "The gap not met by receipts is borrowed."],
        ["5", "(b)", "Indian goods become cheaper for foreign buyers."],
        ["9", "(a)", "The New Economic Policy of July 1991."],
        ["10", "(c)", "It ran from 1951 to 1956."],
        ["11", "(a)", "About 70 to 75% of the workforce."],
        ["12", "(a)", "R states why A is true."],
        ["13", "(b)", "The Mahatma Gandhi National Rural Employment Guarantee Act, 2005."],
      ]),
      h("Q6 (3 marks)"),
      p(
        "NNP at FC = GDP at MP − Depreciation − Net indirect taxes + NFIA = 5,000 − 300 − 400 + (−100) = ₹4,200 crore.",
      ),
      h("Q7 (6 marks): value points"),
      points(
        "Banks keep 25% of deposits as reserves and lend the rest; each loan comes back into the banking system as a new deposit.",
        "Money multiplier = 1 / 0.25 = 4; total deposits = 2,000 x 4 = ₹8,000 crore; total loans (credit created) = ₹6,000 crore; total reserves = ₹2,000 crore.",
        "A round-by-round table: deposits 2,000, 1,500, 1,125 … with reserves 500, 375 … (2 marks for the table).",
      ),
      h("Q8 (6 marks)"),
      points(
        "At equilibrium Y = C + I: Y = 100 + 0.8Y + 200, so 0.2Y = 300 and Y = ₹1,500 crore.",
        "Saving S = Y − C = −100 + 0.2Y = −100 + 300 = ₹200 crore, equal to investment.",
        "Multiplier = 1 / (1 − 0.8) = 5; ΔY = 5 x 50 = ₹250 crore, so income rises to ₹1,750 crore.",
      ),
      h("Q14 (3 marks)"),
      p(
        "Any three: growth (a rise in GDP), modernisation (new technology and social change), self-reliance (less dependence on imports), equity (a fair share of benefits for all).",
      ),
    ],
  },
]);

const paper11 = paper("economics", "11", [
  {
    title: "Part A: Statistics for Economics",
    blocks: [
      p(
        "Time allowed: 1 hour 30 minutes. Maximum marks: 40 (a half-length annual paper: Part A 20 marks, Part B 20 marks).",
      ),
      h("General instructions"),
      points(
        "All questions are compulsory. Questions 1 to 5 and 9 to 13 carry 1 mark each; marks of the other questions are shown against them.",
        "Show all working in numerical questions.",
      ),
      q("1", 1, "The arithmetic mean of 4, 6, 8, 10 and 12 is:", ["6", "8", "10", "40"]),
      q("2", 1, "The median of 3, 7, 9, 12, 15 and 18 is:", ["9", "12", "10.5", "10"]),
      q("3", 1, "The mode of 2, 3, 3, 5, 7, 3, 5 is:", ["2", "3", "5", "7"]),
      q("4", 1, "The coefficient of correlation always lies between:", [
        "0 and 1",
        "−1 and 0",
        "−1 and +1",
        "−∞ and +∞",
      ]),
      q("5", 1, "Data collected by the investigator for the first time are called:", [
        "primary data",
        "secondary data",
        "census data",
        "published data",
      ]),
      q(
        "6",
        3,
        "Calculate the arithmetic mean of the marks: marks 10, 20, 30, 40, 50 obtained by 2, 3, 5, 6 and 4 students respectively.",
      ),
      q("7", 6, "Calculate the median: class 0–10 (5 students), 10–20 (8), 20–30 (12), 30–40 (10), 40–50 (5)."),
      q("8", 6, "Calculate Karl Pearson's coefficient of correlation: X = 1, 2, 3, 4, 5 and Y = 2, 4, 5, 4, 5."),
    ],
  },
  {
    title: "Part B: Introductory Microeconomics",
    blocks: [
      q("9", 1, "The slope of the production possibility curve is the:", [
        "marginal rate of substitution",
        "marginal rate of transformation",
        "marginal utility",
        "marginal cost of money",
      ]),
      q("10", 1, "When marginal utility is zero, total utility is:", ["zero", "falling", "at its maximum", "negative"]),
      q("11", 1, "Under perfect competition a firm is a:", [
        "price maker",
        "price taker",
        "monopolist",
        "price leader",
      ]),
      q(
        "12",
        1,
        "Assertion (A): An indifference curve slopes downward. Reason (R): To have more of one good, the consumer must give up some of the other to stay equally satisfied.",
        SAMPLE_PAPER_AR_OPTIONS,
      ),
      q(
        "13",
        1,
        "The price of a good rises from ₹10 to ₹12 and the quantity demanded falls from 50 to 40 units. The price elasticity of demand (percentage method) is:",
        ["0.5", "1", "2", "0.2"],
      ),
      q(
        "14",
        3,
        "Total fixed cost is ₹60 and total variable cost is ₹20, ₹36 and ₹48 at 1, 2 and 3 units. Calculate MC and AC at each output.",
      ),
      q(
        "15",
        6,
        "Explain the consumer's equilibrium under the indifference curve approach with the help of a diagram.",
      ),
      q(
        "16",
        6,
        "The price is ₹20. Total cost at 0 to 6 units is ₹10, 25, 35, 50, 70, 95 and 125. Find the equilibrium output using the MR = MC approach and state the profit.",
      ),
    ],
  },
  {
    title: "Marking scheme and answers",
    blocks: [
      answerKey("Answer key: objective questions", [
        ["1", "(b)", "40 / 5 = 8."],
        ["2", "(c)", "Even number of items: (9 + 12) / 2 = 10.5."],
        ["3", "(b)", "3 occurs three times."],
        ["4", "(c)", "−1 is perfect negative, +1 perfect positive."],
        ["5", "(a)", "Collected first-hand by the investigator."],
        ["9", "(b)", "MRT = units of one good given up for one more of the other."],
        ["10", "(c)", "TU stops rising when MU falls to zero."],
        ["11", "(b)", "The industry sets the price."],
        ["12", "(a)", "R explains the negative slope."],
        ["13", "(b)", "(10 / 50 x 100) / (2 / 10 x 100) = 20% / 20% = 1."],
      ]),
      h("Q6 (3 marks)"),
      table({
        head: ["Marks (x)", "Students (f)", "fx"],
        widths: [0.34, 0.33, 0.33],
        amounts: [1, 2],
        rows: [
          ["10", "2", "20"],
          ["20", "3", "60"],
          ["30", "5", "150"],
          ["40", "6", "240"],
          ["50", "4", "200"],
          ["Total", "20", "670"],
        ],
        total: true,
      }),
      p("Mean = Σfx / Σf = 670 / 20 = 33.5 marks."),
      h("Q7 (6 marks)"),
      p(
        "N = 40, so the median item is N/2 = 20th. Cumulative frequencies: 5, 13, 25, 35, 40: the median class is 20–30. Median = L + (N/2 − c.f.) / f x h = 20 + (20 − 13) / 12 x 10 = 20 + 5.83 = 25.83.",
      ),
      h("Q8 (6 marks)"),
      p(
        "Mean of X = 3, mean of Y = 4. Deviations dx = −2, −1, 0, 1, 2 and dy = −2, 0, 1, 0, 1. Σdxdy = 6, Σdx² = 10, Σdy² = 6. r = 6 / √(10 x 6) = 6 / 7.746 = 0.77 (a high positive correlation).",
      ),
      h("Q14 (3 marks)"),
      p("TC = 80, 96, 108. MC = 20, 16, 12. AC = 80, 48, 36."),
      h("Q16 (6 marks)"),
      p(
        "MR = ₹20 at every output. MC = 15, 10, 15, 20, 25, 30. MR = MC at 4 units and MC is rising there, so 4 units is the equilibrium; profit = TR 80 − TC 70 = ₹10.",
      ),
    ],
  },
]);

export const economicsDocuments: SampleDocument[] = [macro, micro, paper12, paper11];
