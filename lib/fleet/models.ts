import type { VehicleType } from '@/lib/db/schema/rides';

/** Models offered per vehicle type in the Add Vehicle sheet (docs/requirements/partner.md#vehicles: 11, 7, 6, 5, 5). */
export const VEHICLE_MODELS: Record<VehicleType, readonly string[]> = {
  hatchback: [
    'Maruti Suzuki Swift',
    'Hyundai i20',
    'Tata Tiago',
    'Maruti Suzuki Baleno',
    'Hyundai Grand i10 Nios',
    'Maruti Suzuki WagonR',
    'Tata Altroz',
    'Maruti Suzuki Celerio',
    'Renault Kwid',
    'Toyota Glanza',
    'Maruti Suzuki Alto K10',
  ],
  sedan: ['Maruti Suzuki Dzire', 'Honda City', 'Hyundai Aura', 'Hyundai Verna', 'Toyota Etios', 'Honda Amaze', 'Skoda Slavia'],
  suv: ['Toyota Innova Crysta', 'Mahindra XUV700', 'Maruti Suzuki Ertiga', 'Kia Carens', 'Mahindra Scorpio-N', 'Toyota Innova Hycross'],
  electric: ['Tata Nexon EV', 'Tata Tigor EV', 'MG ZS EV', 'Mahindra XUV400', 'BYD e6'],
  luxury: ['Mercedes-Benz E-Class', 'BMW 5 Series', 'Audi A6', 'Toyota Camry', 'Skoda Superb'],
};
