/** Static sample content of the Parts Database page (SPEC 2.7; figures from SPEC 9 are samples). */

export type StockStatus = 'In Stock' | 'Low Stock' | 'Out of Stock';
export type SupplierStatus = 'Active' | 'Pending';

export interface PartsSummary {
  totalParts: number;
  lowStock: number;
  outOfStock: number;
  inventoryValue: number;
}

export const PARTS_SUMMARY: PartsSummary = { totalParts: 1234, lowStock: 67, outOfStock: 12, inventoryValue: 184_250 };

export interface SamplePart {
  partNumber: string;
  name: string;
  category: string;
  compatibility: string;
  price: number;
  stock: number;
  status: StockStatus;
}

export const SAMPLE_PARTS: SamplePart[] = [
  {
    partNumber: '04465-06200',
    name: 'Front Brake Pad Set',
    category: 'Brakes',
    compatibility: 'Toyota Camry 2018–2024',
    price: 68.99,
    stock: 42,
    status: 'In Stock',
  },
  {
    partNumber: '90915-YZZD4',
    name: 'Oil Filter',
    category: 'Engine',
    compatibility: 'Toyota, Lexus 2.5 L',
    price: 8.49,
    stock: 156,
    status: 'In Stock',
  },
  {
    partNumber: 'BXT-65-650',
    name: 'AGM Battery 12 V 650 CCA',
    category: 'Electrical',
    compatibility: 'Ford F-150 2015–2023',
    price: 219.0,
    stock: 3,
    status: 'Low Stock',
  },
  {
    partNumber: '17220-5BA-A00',
    name: 'Engine Air Filter',
    category: 'Engine',
    compatibility: 'Honda Civic 2016–2021',
    price: 21.5,
    stock: 27,
    status: 'In Stock',
  },
  {
    partNumber: '84045960',
    name: 'Front Strut Assembly',
    category: 'Suspension',
    compatibility: 'Chevrolet Equinox 2018–2023',
    price: 184.75,
    stock: 0,
    status: 'Out of Stock',
  },
  {
    partNumber: 'FL3T-10300-CA',
    name: 'Alternator 200 A',
    category: 'Electrical',
    compatibility: 'Ford F-150 3.5 L 2015–2020',
    price: 389.0,
    stock: 2,
    status: 'Low Stock',
  },
  {
    partNumber: '18213-TBA-A01',
    name: 'Catalytic Converter',
    category: 'Exhaust',
    compatibility: 'Honda Civic 2.0 L 2016–2021',
    price: 612.4,
    stock: 0,
    status: 'Out of Stock',
  },
  {
    partNumber: 'ATF-WS-1Q',
    name: 'Transmission Fluid WS (1 qt)',
    category: 'Transmission',
    compatibility: 'Toyota, Lexus automatic',
    price: 12.99,
    stock: 88,
    status: 'In Stock',
  },
];

export interface InventoryLocation {
  location: string;
  bin: string;
  part: string;
  partNumber: string;
  onHand: number;
  reorderPoint: number;
  capacity: number;
  status: StockStatus;
  lastCounted: string;
}

export const INVENTORY: InventoryLocation[] = [
  {
    location: 'Main warehouse',
    bin: 'A-12-03',
    part: 'Front Brake Pad Set',
    partNumber: '04465-06200',
    onHand: 42,
    reorderPoint: 15,
    capacity: 60,
    status: 'In Stock',
    lastCounted: 'Oct 11, 2024',
  },
  {
    location: 'Main warehouse',
    bin: 'C-04-01',
    part: 'AGM Battery 12 V 650 CCA',
    partNumber: 'BXT-65-650',
    onHand: 3,
    reorderPoint: 6,
    capacity: 20,
    status: 'Low Stock',
    lastCounted: 'Oct 9, 2024',
  },
  {
    location: 'Service bay 2',
    bin: 'S2-01',
    part: 'Oil Filter',
    partNumber: '90915-YZZD4',
    onHand: 156,
    reorderPoint: 40,
    capacity: 200,
    status: 'In Stock',
    lastCounted: 'Oct 14, 2024',
  },
  {
    location: 'Overflow store',
    bin: 'O-02-07',
    part: 'Front Strut Assembly',
    partNumber: '84045960',
    onHand: 0,
    reorderPoint: 4,
    capacity: 12,
    status: 'Out of Stock',
    lastCounted: 'Oct 8, 2024',
  },
  {
    location: 'Main warehouse',
    bin: 'C-06-02',
    part: 'Alternator 200 A',
    partNumber: 'FL3T-10300-CA',
    onHand: 2,
    reorderPoint: 3,
    capacity: 8,
    status: 'Low Stock',
    lastCounted: 'Oct 10, 2024',
  },
];

export interface SampleSupplier {
  name: string;
  contact: string;
  phone: string;
  categories: string[];
  leadTime: string;
  openOrders: number;
  status: SupplierStatus;
}

export const SUPPLIERS: SampleSupplier[] = [
  {
    name: 'Pacific Auto Parts',
    contact: 'Dana Whitfield',
    phone: '(555) 014-2290',
    categories: ['Brakes', 'Suspension', 'Filters'],
    leadTime: '1–2 days',
    openOrders: 4,
    status: 'Active',
  },
  {
    name: 'Midwest Electrical Supply',
    contact: 'Raj Patel',
    phone: '(555) 013-8841',
    categories: ['Batteries', 'Alternators', 'Starters'],
    leadTime: '2–3 days',
    openOrders: 2,
    status: 'Active',
  },
  {
    name: 'Summit Exhaust Co.',
    contact: 'Maria Gonzalez',
    phone: '(555) 019-4407',
    categories: ['Exhaust', 'Catalytic converters'],
    leadTime: '5–7 days',
    openOrders: 0,
    status: 'Pending',
  },
  {
    name: 'Lakeside Fluids & Lubricants',
    contact: 'Tom Becker',
    phone: '(555) 011-7732',
    categories: ['Oils', 'Transmission fluid', 'Coolant'],
    leadTime: 'Next day',
    openOrders: 1,
    status: 'Active',
  },
];
